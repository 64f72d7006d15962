"""The web dashboard served by `hermes serve` at / and /ui/...: chat, sessions, memory, skills, cron,
usage and settings, server-rendered, with the API key as its login."""
