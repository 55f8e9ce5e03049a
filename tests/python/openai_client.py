"""Calls `ulcas serve` with the official OpenAI Python SDK, as an app on Chat Completions would.

    python openai_client.py BASE_URL REQUESTS.json

REQUESTS.json is a list of {"name", "stream", "params"}: `params` go to
`client.chat.completions.create` (streamed with `stream=True`, the chunks' content joined).
Prints one JSON line per request: what the SDK parsed (id, model, text, finish reason, usage),
or the API error it raised (its class, status and body).
"""

import json
import sys

import openai


def usage_of(usage):
    if usage is None:
        return None
    details = usage.prompt_tokens_details
    return {
        "prompt_tokens": usage.prompt_tokens,
        "completion_tokens": usage.completion_tokens,
        "total_tokens": usage.total_tokens,
        "cached_tokens": details.cached_tokens if details else None,
    }


def main():
    base_url, requests_file = sys.argv[1], sys.argv[2]
    client = openai.OpenAI(base_url=base_url + "/v1", api_key="dummy-key-for-ulcas", max_retries=0)
    with open(requests_file) as f:
        requests = json.load(f)
    for r in requests:
        try:
            if r["stream"]:
                text, finish, usage, ident, model = "", None, None, None, None
                for chunk in client.chat.completions.create(
                    **r["params"], stream=True, stream_options={"include_usage": True}
                ):
                    ident, model = chunk.id, chunk.model
                    for choice in chunk.choices:
                        text += choice.delta.content or ""
                        finish = choice.finish_reason or finish
                    usage = chunk.usage or usage
                out = {"id": ident, "model": model, "text": text, "finish_reason": finish,
                       "usage": usage_of(usage)}
            else:
                c = client.chat.completions.create(**r["params"])
                out = {"id": c.id, "model": c.model, "text": c.choices[0].message.content,
                       "finish_reason": c.choices[0].finish_reason, "usage": usage_of(c.usage)}
        except openai.APIError as e:
            # A status error, or an error event inside a stream (no status of its own).
            out = {"error": type(e).__name__, "status": getattr(e, "status_code", None),
                   "body": e.body}
        print(json.dumps({"name": r["name"], **out}), flush=True)


if __name__ == "__main__":
    main()
