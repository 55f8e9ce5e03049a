"""A small app as most are written: its prompts are strings in its code, it calls the official
Anthropic and OpenAI SDKs on all three wires (the Messages API, Chat Completions, the Responses
API), streamed and not, with no prompt files and no ulcas headers.

    python prompt_in_code_app.py BASE_URL ADJECTIVE FRAGMENT_ID

ADJECTIVE edits the tutor's prompt ("kind", then "stern": a one-word edit), FRAGMENT_ID is the id
the app's database gave the lesson (a fresh one each run). Prints one JSON line per call: its
name, the answer's id, and the fragment the answer cites (or the error the SDK raised: its class,
status and message).
"""

import json
import sys

import anthropic
import openai

TIP_SCHEMA = {
    "type": "object",
    "required": ["tip", "fragment"],
    "additionalProperties": False,
    "properties": {
        "tip": {"type": "string"},
        "fragment": {"type": "string", "pattern": "^frg_[a-z0-9]{12}$"},
    },
}


def tutor_prompt(adjective):
    # The app's prompt, written in code.
    return f"You are a {adjective} baking tutor. Answer with one tip and cite the fragment it answers."


QUESTIONS = {
    "messages": "How long should bread dough proof?",
    "chat": "Why does my sourdough collapse in the oven?",
    "responses": "Which flour gives the crispest crust?",
}


def question(fragment, wire):
    return f'<fragment id="{fragment}">{QUESTIONS[wire]}</fragment>'


def tip_of(text):
    return json.loads(text)["fragment"]


class App:
    def __init__(self, base, adjective):
        self.anthropic = anthropic.Anthropic(base_url=base, api_key="sk-test", max_retries=0)
        self.openai = openai.OpenAI(base_url=base + "/v1", api_key="sk-test", max_retries=0)
        self.system = tutor_prompt(adjective)

    def messages_tip(self, fragment, stream):
        params = dict(model="claude-sonnet-4-5", max_tokens=400, system=self.system,
                      messages=[{"role": "user", "content": question(fragment, "messages")}],
                      output_config={"format": {"type": "json_schema", "schema": TIP_SCHEMA}})
        if stream:
            with self.anthropic.messages.stream(**params) as s:
                m = s.get_final_message()
        else:
            m = self.anthropic.messages.create(**params)
        return m.id, tip_of(m.content[0].text)

    def chat_tip(self, fragment, stream):
        params = dict(model="gpt-5", messages=[
            {"role": "system", "content": self.system},
            {"role": "user", "content": question(fragment, "chat")}],
            response_format={"type": "json_schema",
                             "json_schema": {"name": "tip", "strict": True, "schema": TIP_SCHEMA}})
        if stream:
            text, ident = "", None
            for chunk in self.openai.chat.completions.create(**params, stream=True):
                ident = chunk.id
                for choice in chunk.choices:
                    text += choice.delta.content or ""
            return ident, tip_of(text)
        c = self.openai.chat.completions.create(**params)
        return c.id, tip_of(c.choices[0].message.content)

    def responses_tip(self, fragment, stream):
        params = dict(model="gpt-5", instructions=self.system, input=question(fragment, "responses"),
                      text={"format": {"type": "json_schema", "name": "tip", "strict": True,
                                       "schema": TIP_SCHEMA}})
        if stream:
            with self.openai.responses.stream(**params) as s:
                r = s.get_final_response()
        else:
            r = self.openai.responses.create(**params)
        return r.id, tip_of(r.output_text)

    def small_talk(self, fragment):
        # No system text at all, and a history: user, assistant, user.
        m = self.anthropic.messages.create(model="claude-sonnet-4-5", max_tokens=100, messages=[
            {"role": "user", "content": f"Hello from {fragment}"},
            {"role": "assistant", "content": "Hello! What are we baking?"},
            {"role": "user", "content": "Bread, today."}])
        return m.id, None


def main():
    base, adjective, fragment = sys.argv[1], sys.argv[2], sys.argv[3]
    app = App(base, adjective)
    calls = [
        ("messages", lambda: app.messages_tip(fragment, False)),
        ("messages-stream", lambda: app.messages_tip(fragment, True)),
        ("chat", lambda: app.chat_tip(fragment, False)),
        ("chat-stream", lambda: app.chat_tip(fragment, True)),
        ("responses", lambda: app.responses_tip(fragment, False)),
        ("responses-stream", lambda: app.responses_tip(fragment, True)),
        ("small-talk", lambda: app.small_talk(fragment)),
    ]
    for name, call in calls:
        try:
            ident, cited = call()
            out = {"name": name, "id": ident, "fragment": cited}
        except (anthropic.APIStatusError, openai.APIStatusError) as e:
            out = {"name": name, "error": type(e).__name__, "status": e.status_code,
                   "message": str(e)}
        print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
