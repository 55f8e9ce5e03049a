"""Calls `ulcas serve` with the official Anthropic Python SDK, as an app's driver would.

    python sdk_client.py BASE_URL REQUESTS.json

REQUESTS.json is a list of {"name", "stream", "params", "headers", "max_retries"}: `params` go to
`client.messages.create` (or `client.messages.stream`, then `get_final_message()`), with
`output_config` passed through `extra_body` (any SDK version takes it that way). Prints one JSON
line per request: what the SDK parsed (id, model, text, stop reason, stop details, usage), or
the API error it raised (status and message). `max_retries` (default 0) is the SDK's own
retry setting, to see which answers it retries.
"""

import json
import sys

import anthropic


def parsed(message):
    text = "".join(b.text for b in message.content if b.type == "text")
    usage = message.usage
    creation = getattr(usage, "cache_creation", None)
    details = getattr(message, "stop_details", None)
    return {
        "id": message.id,
        "model": message.model,
        "text": text,
        "stop_reason": message.stop_reason,
        "stop_details": details if details is None or isinstance(details, dict) else details.model_dump(),
        "usage": {
            "input_tokens": usage.input_tokens,
            "output_tokens": usage.output_tokens,
            "cache_read_input_tokens": usage.cache_read_input_tokens,
            "ephemeral_5m_input_tokens": getattr(creation, "ephemeral_5m_input_tokens", None),
            "ephemeral_1h_input_tokens": getattr(creation, "ephemeral_1h_input_tokens", None),
        },
    }


def main():
    base_url, requests_file = sys.argv[1], sys.argv[2]
    client = anthropic.Anthropic(base_url=base_url, api_key="dummy-key-for-ulcas", max_retries=0)
    with open(requests_file) as f:
        requests = json.load(f)
    for r in requests:
        params = dict(r["params"])
        extra = {"output_config": params.pop("output_config")} if "output_config" in params else None
        headers = r.get("headers") or None
        sdk = client.with_options(max_retries=r.get("max_retries", 0))
        try:
            if r["stream"]:
                with sdk.messages.stream(**params, extra_body=extra, extra_headers=headers) as stream:
                    out = parsed(stream.get_final_message())
            else:
                out = parsed(sdk.messages.create(**params, extra_body=extra, extra_headers=headers))
        except anthropic.APIStatusError as e:
            out = {"status": e.status_code, "error": e.body}
        print(json.dumps({"name": r["name"], **out}), flush=True)


if __name__ == "__main__":
    main()
