"""Telemetry and the curator: archive unused skills (recoverably), report overlaps, merge with a
scripted model."""

from __future__ import annotations

import time

import pytest

from hermes.home import Home
from hermes.skills.curate import acurate, curate, find_overlaps, similarity
from hermes.skills.store import (NO_BUNDLED_MARKER, USAGE_FILE, SkillStore, record_outcome, record_view,
                                 scan, update_json, usage)
from hermes.testing import ScriptedModel, reply

DAY = 86400


def md(name: str, desc: str, body: str = "1. step\n") -> str:
    return f"---\nname: {name}\ndescription: {desc}\nversion: 1.0.0\n---\n# {name}\n{body}"


@pytest.fixture
def home(tmp_path) -> Home:
    h = Home(tmp_path / "home").ensure()
    (h.skills_dir / NO_BUNDLED_MARKER).touch()
    return h


def age(home: Home, name: str, days: int) -> None:
    ts = time.time() - days * DAY
    update_json(home.skills_dir / USAGE_FILE, lambda d: d.__setitem__(name, {"last_used": ts, "created": ts}))


def test_telemetry_counts_views_uses_failures(home):
    s = SkillStore(home)
    s.create("a-skill", md("a-skill", "Does a."))
    assert usage(home)["a-skill"]["created"] > 0
    record_view(home, "a-skill")
    record_view(home, "a-skill")
    record_outcome(home, {"a-skill"}, True)
    record_outcome(home, ["a-skill", "a-skill"], False)
    record_outcome(home, [], True)
    row = usage(home)["a-skill"]
    assert (row["views"], row["uses"], row["failures"]) == (2, 1, 1)
    assert time.time() - row["last_used"] < 5 and row["last_viewed"] <= row["last_used"]


def test_curator_archives_unused_skills_recoverably(home):
    s = SkillStore(home)
    for n in ("fresh-one", "stale-one", "pinned-one"):
        s.create(n, md(n, f"Procedure for {n} unrelated task {n}."))
    age(home, "stale-one", 120)
    age(home, "pinned-one", 120)
    s.pin("pinned-one", "user")
    dry = curate(home, days=90)
    assert [n for n, _ in dry.stale] == ["stale-one"] and dry.stale[0][1] >= 119
    assert dry.archived == [] and s.get("stale-one") is not None
    done = curate(home, days=90, apply=True)
    assert done.archived == ["stale-one"]
    assert s.get("stale-one") is None and "stale-one" in s.archived()
    assert s.get("pinned-one") is not None and s.get("fresh-one") is not None
    assert s.restore("stale-one").name == "stale-one"
    assert curate(home, days=200).stale == []


def test_bundled_skills_are_never_archived(tmp_path):
    h = Home(tmp_path / "h").ensure()
    report = curate(h, days=1, now=time.time() + 400 * DAY)
    assert report.stale == []


def test_overlaps_reported_with_merge_suggestion(home):
    s = SkillStore(home)
    s.create("deploy-django-app", md("deploy-django-app", "Deploy a Django app to a server with gunicorn and nginx."))
    s.create("django-deploy", md("django-deploy", "Deploy Django application with nginx and gunicorn on a VPS."))
    s.create("summarize-logs", md("summarize-logs", "Summarize application logs into an incident timeline."))
    record_outcome(home, ["django-deploy"], True)
    cat = scan(home)
    assert similarity(cat.skills["deploy-django-app"], cat.skills["django-deploy"]) >= 0.5
    assert similarity(cat.skills["deploy-django-app"], cat.skills["summarize-logs"]) < 0.2
    [o] = find_overlaps(cat, usage(home))
    assert (o.keep, o.merge) == ("django-deploy", "deploy-django-app")
    assert o.suggestion == "merge 'deploy-django-app' into 'django-deploy', then archive 'deploy-django-app'"
    assert curate(home).to_dict()["overlaps"][0]["keep"] == "django-deploy"


async def test_merge_with_model_writes_versioned_result_and_archives_the_other(home):
    s = SkillStore(home)
    s.create("deploy-django-app", md("deploy-django-app", "Deploy a Django app with gunicorn and nginx.", "1. migrate\n"))
    s.create("django-deploy", md("django-deploy", "Deploy a Django app using nginx and gunicorn.", "1. collectstatic\n"))
    record_outcome(home, ["deploy-django-app"], True)
    record_outcome(home, ["django-deploy"], True)
    record_outcome(home, ["deploy-django-app"], True)
    merged = "```markdown\n" + md("deploy-django-app", "Deploy a Django app with gunicorn and nginx.",
                                  "1. migrate\n2. collectstatic\n") + "```"
    model = ScriptedModel([reply(merged)])
    report = await acurate(home, apply=True, model=model)
    assert report.merged == ["django-deploy -> deploy-django-app"], report.notes
    assert "2. collectstatic" in s.require("deploy-django-app").read_text()
    assert s.get("django-deploy") is None and "django-deploy" in s.archived()
    assert s.history("deploy-django-app")[-1].action == "merge django-deploy"
    assert usage(home)["deploy-django-app"]["uses"] == 3
    prompt = model.requests[0]["messages"][-1].content
    assert "1. collectstatic" in prompt and 'name exactly "deploy-django-app"' in prompt


async def test_bad_merge_leaves_both_skills(home):
    s = SkillStore(home)
    s.create("deploy-django-app", md("deploy-django-app", "Deploy a Django app with gunicorn and nginx."))
    s.create("django-deploy", md("django-deploy", "Deploy a Django app using nginx and gunicorn."))
    report = await acurate(home, apply=True, model=ScriptedModel([reply("Sure! Here is the merge.")]))
    assert report.merged == [] and "skipped" in report.notes[0]
    assert s.get("deploy-django-app") and s.get("django-deploy")
