"""Access, pairing, identities and the gateway's durable store, on a real gateway.db in a temp home."""

from __future__ import annotations

import re

import pytest

from hermes.config import GatewaySection, PlatformSection
from hermes.gateway.base import Inbound
from hermes.gateway.people import ALPHABET, People
from hermes.gateway.sessions import memory_scope, session_key
from hermes.gateway.store import GatewayStore
from hermes.home import Home


class Clock:
    def __init__(self):
        self.t = 1_000_000.0

    def __call__(self):
        return self.t


@pytest.fixture
def store(tmp_path):
    s = GatewayStore(Home(tmp_path / "home").ensure())
    yield s
    s.close()


@pytest.fixture
def clock():
    return Clock()


def people(store, clock, ttl=3600.0, **plat):
    cfg = GatewaySection(platforms={"telegram": PlatformSection(**plat), "email": PlatformSection()},
                         pairing_ttl=ttl)
    return People(store, cfg, clock=clock)


def dm(user, text="hi", platform="telegram", **kw):
    return Inbound(platform, f"chat-{user}", user, text, f"m-{user}-{text}", **kw)


def code_of(reply: str) -> str:
    m = re.search(r"pairing code is ([A-Z0-9]+)", reply)
    assert m, reply
    return m.group(1)


def test_unknown_people_are_denied_and_get_a_pairing_code_once(store, clock):
    p = people(store, clock, allowed_users=["42"])
    assert p.check(dm("42")).allowed
    v = p.check(dm("7", user_name="Mallory"))
    assert not v.allowed
    code = code_of(v.reply)
    assert len(code) == 8 and set(code) <= set(ALPHABET)
    assert code_of(p.check(dm("7")).reply) == code  # asking again shows the same code
    assert "0" not in ALPHABET and "O" not in ALPHABET and "1" not in ALPHABET and "I" not in ALPHABET


def test_pairing_codes_expire_and_are_rate_limited_per_user_and_platform(store, clock):
    p = people(store, clock, ttl=300)
    first = code_of(p.check(dm("7")).reply)
    clock.t += 301  # the code expired ...
    assert p.check(dm("7")).reply is None  # ... and a new one comes only 10 minutes after the last request
    assert p.approve(first) is None  # the expired code no longer works
    clock.t += 300
    assert code_of(p.check(dm("7")).reply) != first
    for u in ("a", "b"):
        assert code_of(p.check(dm(u)).reply)
    assert p.check(dm("c")).reply is None  # at most 3 pending per platform: silent


def test_new_code_after_the_request_interval(store, clock):
    p = people(store, clock)
    first = code_of(p.check(dm("7")).reply)
    clock.t += 3700
    second = p.check(dm("7")).reply
    assert second is not None and code_of(second) != first


def test_owner_approval_allows_the_person_and_wrong_codes_lock_pairing(store, clock):
    p = people(store, clock)
    code = code_of(p.check(dm("7")).reply)
    assert p.approve(code.lower()) == ("telegram", "7")  # case does not matter
    assert p.check(dm("7", "again")).allowed
    assert p.approve(code) is None  # used up
    for _ in range(4):
        assert p.approve("WRONGCOD") is None
    with pytest.raises(PermissionError, match="locked"):
        p.approve("ANYTHING")
    clock.t += 3601
    assert p.approve("STILLBAD") is None  # the lockout ends after an hour
    assert p.revoke("telegram", "7") and not p.check(dm("7", "x")).allowed


def test_groups_only_where_allowed_and_unknown_members_stay_silent(store, clock):
    p = people(store, clock, allowed_users=["42"], allow_groups=False)
    g = dm("42", chat_type="group")
    assert not p.check(g).allowed
    p = people(store, clock, allowed_users=["42"], allow_groups=True, allowed_chats=["chat-42"])
    assert p.check(g).allowed
    other = Inbound("telegram", "other-group", "42", "hi", "x1", chat_type="group")
    assert not p.check(other).allowed
    stranger = Inbound("telegram", "chat-42", "99", "hi", "x2", chat_type="group")
    v = p.check(stranger)
    assert not v.allowed and v.reply is None  # no pairing codes in groups


def test_disabled_or_unconfigured_platforms_deny_everyone(store, clock):
    p = people(store, clock, allowed_users=["*"], enabled=False)
    assert not p.check(dm("1")).allowed
    assert not p.check(Inbound("matrix", "r", "@a:x", "hi", "e1")).allowed


def test_admins(store, clock):
    p = people(store, clock, allowed_users=["1", "2"], admins=["1"])
    assert p.check(dm("1")).is_admin and not p.check(dm("2")).is_admin
    p = people(store, clock, allowed_users=["1", "2"])
    assert p.check(dm("2")).is_admin  # no admins listed: everyone the owner listed is one


def test_link_joins_identities_into_one_person(store, clock):
    p = people(store, clock)
    a = p.person("telegram", "42")
    b = p.person("email", "me@example.org")
    assert a != b and p.scope("telegram", "42") == f"person:{a}"
    code = p.start_link("telegram", "42")
    assert p.complete_link("email", "me@example.org", "nope") is None
    assert p.complete_link("email", "me@example.org", code) == f"person:{a}"
    assert p.person("email", "me@example.org") == a
    assert sorted(p.identities_of("email", "me@example.org")) == [("email", "me@example.org"), ("telegram", "42")]
    assert p.complete_link("email", "me@example.org", code) is None  # a code works once
    other = p.start_link("telegram", "42")
    clock.t += 601
    assert p.complete_link("email", "x@y", other) is None  # expired


def test_session_keys_and_memory_scopes():
    d = Inbound("telegram", "c", "u", "t", "1")
    g = Inbound("telegram", "g", "u", "t", "2", chat_type="group", thread_id="9")
    assert session_key(d, "P", True) == "dm:P"  # a person's DMs are one conversation everywhere
    assert session_key(g, "P", True) == "telegram:g:9:P" and session_key(g, "P", False) == "telegram:g:9"
    assert memory_scope(d, "person:P", True) == "person:P"
    assert memory_scope(g, "person:P", True) == "person:P"
    assert memory_scope(g, "person:P", False) == "group:telegram:g"  # shared: nobody's own memory


def test_claims_are_durable_and_unanswered_messages_come_back(tmp_path):
    home = Home(tmp_path / "home").ensure()
    s = GatewayStore(home)
    assert s.claim("telegram", "1", '{"a": 1}') and not s.claim("telegram", "1", '{"a": 1}')
    assert s.claim("telegram", "2", '{"b": 2}')
    s.enqueue("telegram", "c", "", ["one", "two"], done=("telegram", "1"))
    s.close()
    s = GatewayStore(home)  # a restart
    assert s.unfinished() == ['{"b": 2}']
    assert not s.claim("telegram", "1", "{}")
    rows = s.due("telegram")
    assert [r[3] for r in rows] == ["one", "two"]
    s.failed(rows[0][0], "429", 30)
    assert s.next_due("telegram") == 0.0 and s.pending("telegram") == 2
    assert oct((home.root / "gateway" / "gateway.db").stat().st_mode & 0o777) == "0o600"
