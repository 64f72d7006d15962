"""The learning loop piece skills own, through the real agent loop: one session saves a skill, the
next session sees it in its index, loads it, and the turn's outcome is recorded against it."""

from __future__ import annotations

from hermes.config import Config
from hermes.core.agent import Agent, SessionState
from hermes.core.context import PromptParts
from hermes.core.events import Final, ToolFinished
from hermes.home import Home
from hermes.skills.index import build_index
from hermes.skills.store import NO_BUNDLED_MARKER, SkillStore, record_outcome, usage
from hermes.testing import ScriptedModel, call, reply
from hermes.tools.registry import Registry, ToolContext
from hermes.tools.skills_tools import TOOLS

SKILL = """---
name: deploy-django-app
description: Deploy a Django app with gunicorn and nginx, including migrations and static files.
version: 1.0.0
tags: [deploy, django]
---
# Deploy a Django app
## Procedure
1. `python manage.py migrate`
2. `python manage.py collectstatic --noinput`
3. Restart gunicorn: `systemctl restart gunicorn`
## Verification
- `curl -fsS http://localhost/health` returns 200.
"""


async def run(agent: Agent, session: SessionState, text: str, ctx: ToolContext) -> tuple[Final, list]:
    events = [ev async for ev in agent.run_turn(session, text, ctx)]
    finals = [e for e in events if isinstance(e, Final)]
    return finals[-1], [e for e in events if isinstance(e, ToolFinished)]


async def test_skill_saved_in_one_session_is_indexed_loaded_and_credited_in_the_next(tmp_path):
    home = Home(tmp_path / "home").ensure()
    (home.skills_dir / NO_BUNDLED_MARKER).touch()
    cfg = Config()
    registry = Registry(TOOLS)
    assert build_index(home, cfg, registry.names()) == ""

    # Run 1: after the work, "the agent" captures the procedure.
    model1 = ScriptedModel([call("skill_manage", {"action": "create", "name": "deploy-django-app", "content": SKILL}),
                            reply("Deployed, and saved the procedure as the skill deploy-django-app.")])
    s1 = SessionState(id="s1", system_prompt=PromptParts(skills=build_index(home, cfg, registry.names())).render())
    ctx1 = ToolContext(session_id="s1", home=home, config=cfg)
    final, tools = await run(Agent(model1, registry), s1, "Deploy my Django app, then remember how.", ctx1)
    assert tools[0].ok and "Created skill" in tools[0].result_preview
    assert SkillStore(home).get("deploy-django-app") is not None

    # Run 2: a new session; its frozen system prompt carries the index with the new skill.
    prompt = PromptParts(skills=build_index(home, cfg, registry.names())).render()
    assert "- deploy-django-app: Deploy a Django app with gunicorn" in prompt
    assert "skill_manage" in prompt  # the nudge to improve skills is there when the tool is

    def load_skill(messages, tools):
        assert messages[0].role == "system" and "- deploy-django-app:" in messages[0].content
        assert any(t["function"]["name"] == "skill_view" for t in tools)
        return call("skill_view", {"name": "deploy-django-app"})

    def follow(messages, tools):
        loaded = messages[-1]
        assert loaded.role == "tool" and "collectstatic --noinput" in loaded.content
        return reply("Deployed by following deploy-django-app: migrated, collected static, restarted.")

    model2 = ScriptedModel([load_skill, follow])
    s2 = SessionState(id="s2", system_prompt=prompt)
    ctx2 = ToolContext(session_id="s2", home=home, config=cfg)
    final, tools = await run(Agent(model2, registry), s2, "Deploy the Django app to the new server.", ctx2)
    assert [t.name for t in tools] == ["skill_view"] and tools[0].ok
    assert final.text.startswith("Deployed by following deploy-django-app")

    # The caller credits the skills viewed during the turn (documented ctx.state key).
    viewed = ctx2.state.pop("skills_viewed", set())
    assert viewed == {"deploy-django-app"}
    record_outcome(home, viewed, success=True)
    row = usage(home)["deploy-django-app"]
    assert (row["views"], row["uses"], row.get("failures", 0)) == (1, 1, 0)
