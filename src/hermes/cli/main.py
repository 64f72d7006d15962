"""The `hermes` command. Command groups live in their own modules and are imported light."""

from __future__ import annotations

import importlib
import sys

import typer

from hermes.cli.common import Runtime, set_runtime

app = typer.Typer(
    name="hermes",
    help="Hermes: a self-hosted AI agent that remembers. Run `hermes` alone to chat.",
    no_args_is_help=False,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help: rich formatting costs ~80 ms of start-up
    context_settings={"help_option_names": ["-h", "--help"]},
)

# group name -> (module, help). Modules are imported when the command tree is built; each keeps
# its own heavy imports inside its functions.
GROUPS = {
    "sessions": ("hermes.cli.sessions", "List, show, search, export, import and delete sessions."),
    "config": ("hermes.cli.config_cmd", "Show and change settings (config.yaml)."),
    "model": ("hermes.cli.model_cmd", "Pick the provider and model."),
    "approvals": ("hermes.cli.approvals", "Check how the approval gate judges a command."),
    "memory": ("hermes.cli.memory", "Show, edit and scan the memory documents."),
    "cron": ("hermes.cli.cron", "Scheduled jobs: list, add, run, log, daemon."),
    "skills": ("hermes.cli.skills", "Skills: list, view, install, audit, curate."),
    "gateway": ("hermes.cli.gateway", "The chat gateway: run, status, setup, install, pair."),
    "exec": ("hermes.cli.exec_cmd", "Execution backends: list them, test one end to end."),
    "mcp": ("hermes.cli.mcp_cmd", "MCP servers: list, test, add, remove; serve Hermes over MCP."),
    "trajectories": ("hermes.cli.trajectories_cmd", "Export and compress agent trajectories (ShareGPT, OpenAI) for training."),
    "import": ("hermes.cli.import_cmd", "Move over from the reference system: sessions, memory, skills, cron jobs, settings."),
    "dashboard": ("hermes.cli.dashboard_cmd", "Open the web dashboard in your browser (starts the server if it is not running)."),
    "batch": ("hermes.cli.batch_cmd", "Run a dataset of prompts through the agent (resumable, parallel, Ray) and write trajectories."),
}


@app.callback(invoke_without_command=True)
def _main(ctx: typer.Context,
          profile: str = typer.Option(None, "--profile", "-p", help="Use HERMES_HOME/profiles/NAME."),
          debug: bool = typer.Option(False, "--debug", help="Show tracebacks on errors."),
          version: bool = typer.Option(False, "--version", help="Print the version and exit.")) -> None:
    if version:
        from hermes import __version__

        typer.echo(f"hermes {__version__}")
        raise typer.Exit()
    set_runtime(Runtime(profile=profile, debug=debug))
    if ctx.invoked_subcommand is None:
        from hermes.cli.chat import interactive

        interactive()


def _register() -> None:
    from hermes.cli import chat, setup_cmd

    app.command("chat", help="Chat (interactive), or answer one question with -q.")(chat.chat)
    app.command("setup", help="First-run wizard (or non-interactive with flags).")(setup_cmd.setup)
    app.command("doctor", help="Check config, keys, store and endpoint; say how to fix each.")(
        setup_cmd.doctor)
    app.command("serve", help="Run the OpenAI-compatible API server (and the scheduler).")(
        _lazy_command("hermes.cli.serve", "serve"))
    for name, (module, help_text) in GROUPS.items():
        try:
            mod = importlib.import_module(module)
        except ModuleNotFoundError as e:
            if e.name != module:
                raise
            continue
        app.add_typer(mod.app, name=name, help=help_text)


def _lazy_command(module: str, func: str):
    mod = importlib.import_module(module)
    return getattr(mod, func)


def run() -> None:
    _register()
    try:
        app()
    except KeyboardInterrupt:
        sys.stderr.write("\ninterrupted\n")
        raise SystemExit(130)
    except SystemExit:
        raise
    except Exception as e:  # last line of defence: one clear line unless --debug
        from hermes.cli.common import get_runtime

        if get_runtime().debug:
            raise
        sys.stderr.write(f"Error: {type(e).__name__}: {e}\n(run with --debug for details)\n")
        raise SystemExit(1)


if __name__ == "__main__":
    run()
