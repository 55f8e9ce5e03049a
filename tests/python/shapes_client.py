"""Calls `ulcas serve` with the official Anthropic and OpenAI Python SDKs in every shape a client
sends: the Messages API (`messages.create`, `messages.stream`), Chat Completions
(`chat.completions.create`, streamed), the Responses API (`responses.create`, `.stream`,
`.parse`).

    python shapes_client.py BASE_URL CALLS.json

CALLS.json is a list of {"name", "api", "method", "params", "headers", "max_retries"} (the SDK's
retries, 0 unless given): `api` is `messages`,
`chat` or `responses`; `method` is `create`, `stream` or `parse` (`parse` makes a pydantic model
of `params["text_format"]`, `[name, {field: "str" | "int"}]`, and returns `output_parsed` too). Members
the SDK's signature lacks go through `extra_body`. Prints one JSON line per call: what the SDK
parsed (id, stop or finish reason, the text, the tool calls with their input, usage), or the
error it raised (its class, status and body; a broken connection's class too), and `elapsed`: the
call's seconds, retries included.
"""

import json
import sys
import time

import anthropic
import openai


def message_out(m):
    blocks = []
    for b in m.content:
        if b.type == "text":
            blocks.append({"type": "text", "text": b.text})
        elif b.type == "tool_use":
            blocks.append({"type": "tool_use", "id": b.id, "name": b.name, "input": b.input})
        else:
            blocks.append({"type": b.type})
    return {"id": m.id, "stop_reason": m.stop_reason, "content": blocks,
            "usage": {"input_tokens": m.usage.input_tokens, "output_tokens": m.usage.output_tokens}}


def messages(client, method, params, headers):
    known = {"model", "max_tokens", "system", "messages", "tools", "tool_choice", "stream"}
    extra = {k: v for k, v in params.items() if k not in known} or None
    params = {k: v for k, v in params.items() if k in known}
    if method == "stream":
        with client.messages.stream(**params, extra_body=extra, extra_headers=headers) as s:
            return message_out(s.get_final_message())
    return message_out(client.messages.create(**params, extra_body=extra, extra_headers=headers))


def usage_of(u):
    if u is None:
        return None
    return {"prompt_tokens": u.prompt_tokens, "completion_tokens": u.completion_tokens,
            "cached_tokens": u.prompt_tokens_details.cached_tokens if u.prompt_tokens_details else None}


def chat(client, method, params, headers):
    if method == "stream":
        text, finish, usage, ident, calls, usage_chunks, empty_choice_chunks = "", None, None, None, {}, 0, 0
        for chunk in client.chat.completions.create(**params, stream=True, extra_headers=headers):
            ident = chunk.id
            if chunk.usage is not None:
                usage_chunks += 1
                usage = chunk.usage
            if not chunk.choices:
                empty_choice_chunks += 1
            for choice in chunk.choices:
                text += choice.delta.content or ""
                finish = choice.finish_reason or finish
                for call in choice.delta.tool_calls or []:
                    c = calls.setdefault(call.index, {"name": "", "arguments": ""})
                    if call.function and call.function.name:
                        c["name"] = call.function.name
                    if call.function and call.function.arguments:
                        c["arguments"] += call.function.arguments
        tool_calls = [{"name": c["name"], "input": json.loads(c["arguments"])} for c in calls.values()]
        return {"id": ident, "finish_reason": finish, "text": text, "tool_calls": tool_calls,
                "usage": usage_of(usage), "usage_chunks": usage_chunks,
                "empty_choice_chunks": empty_choice_chunks}
    c = client.chat.completions.create(**params, extra_headers=headers)
    choice = c.choices[0]
    tool_calls = [{"name": t.function.name, "input": json.loads(t.function.arguments)}
                  for t in choice.message.tool_calls or []]
    return {"id": c.id, "choices": len(c.choices), "finish_reason": choice.finish_reason,
            "text": choice.message.content, "tool_calls": tool_calls, "usage": usage_of(c.usage)}


def response_out(r):
    calls = [{"name": i.name, "input": json.loads(i.arguments)} for i in r.output if i.type == "function_call"]
    u = r.usage
    return {"id": r.id, "status": r.status, "text": r.output_text, "tool_calls": calls,
            "usage": {"input_tokens": u.input_tokens, "output_tokens": u.output_tokens,
                      "cached_tokens": u.input_tokens_details.cached_tokens}}


def responses(client, method, params, headers):
    if method == "stream":
        events = []
        with client.responses.stream(**params, extra_headers=headers) as s:
            for event in s:
                events.append(event.type)
            out = response_out(s.get_final_response())
        out["events"] = events
        return out
    if method == "parse":
        import pydantic
        params = dict(params)
        name, fields = params.pop("text_format")
        types = {"str": str, "int": int}
        Model = pydantic.create_model(name, **{f: (types[t], ...) for f, t in fields.items()})
        r = client.responses.parse(**params, text_format=Model, extra_headers=headers)
        out = response_out(r)
        out["parsed"] = r.output_parsed.model_dump() if r.output_parsed is not None else None
        return out
    return response_out(client.responses.create(**params, extra_headers=headers))


def main():
    base_url, calls_file = sys.argv[1], sys.argv[2]
    claude = anthropic.Anthropic(base_url=base_url, api_key="dummy-key-for-ulcas", max_retries=0)
    gpt = openai.OpenAI(base_url=base_url + "/v1", api_key="dummy-key-for-ulcas", max_retries=0)
    with open(calls_file) as f:
        calls = json.load(f)
    for call in calls:
        headers = call.get("headers") or None
        api, method, params = call["api"], call.get("method", "create"), call["params"]
        retries = call.get("max_retries", 0)
        started = time.monotonic()
        try:
            if api == "messages":
                out = messages(claude.with_options(max_retries=retries), method, params, headers)
            elif api == "chat":
                out = chat(gpt.with_options(max_retries=retries), method, params, headers)
            else:
                out = responses(gpt.with_options(max_retries=retries), method, params, headers)
        except (anthropic.APIError, openai.APIError) as e:
            out = {"error": type(e).__name__, "status": getattr(e, "status_code", None),
                   "body": getattr(e, "body", None)}
        except Exception as e:  # a connection cut mid-answer: httpx's own error
            out = {"error": type(e).__name__, "status": None, "body": str(e)}
        out["elapsed"] = time.monotonic() - started
        print(json.dumps({"name": call["name"], **out}), flush=True)


if __name__ == "__main__":
    main()
