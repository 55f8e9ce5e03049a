"""Prompt files of every kind issue 32 names (front matter variants, line endings, whitespace
of every kind after the closer, versions, files the app cannot load, bytes that are not UTF-8),
as {"content": base64, "version": N} lines for prompt_registry.php.

    python3 tests/php/prompt_cases.py | php tests/php/prompt_registry.php > tests/data/prompts/vectors.jsonl
"""
import base64, itertools, json

NEWLINES = ["\n", "\r\n", "\r", "\x0b", "\x0c", "\x85"]
AFTER_CLOSER = ["", " ", "  ", "\t", "\u00a0", "\u3000", "\u2003", "\u0085", "  \u00a0", " \x0c",
                "\x0c", "\x0b", " # end", "x", "-", "Body", "\r", "\r\n", "\n\n", "\0"]
VERSIONS = ["1", "1.0", "1 # comment", "1e0", "1.9", "+1", "01", "1abc", " 1", "'1'", '"1"',
            "1\t", "2", "0", "", "abc", "1e1", "0.9e1", "-1", "  '\"1\"'  "]
KEYS = ["version: {v}", "Version: {v}", "version : {v}", " version: {v}", "version\t: {v}",
        "version:{v}", "version:\t{v}"]
BODIES = ["Hello.", " Hello. ", "\nHello.\n\n", "Hello.\u00a0", "\u00a0Hello.", "Hé ą ---", "\0Hello\0",
          "Line 1\r\nLine 2\r\n", "---\nnot front matter\n---\n", ""]

cases = []
def add(content, version=1):
    if isinstance(content, str):
        content = content.encode("utf-8", "surrogatepass") if "\ud800" in content else content.encode()
    cases.append({"content": base64.b64encode(content).decode(), "version": version})

for nl in NEWLINES:
    for after in AFTER_CLOSER:
        add(f"---{nl}id: x/y{nl}version: 1{nl}---{after}{nl}Hello.{nl}")
for v in VERSIONS:
    add(f"---\nversion: {v}\n---\nHi\n")
for k in KEYS:
    add("---\n" + k.format(v="1") + "\n---\nHi\n")
for body in BODIES:
    add("---\nversion: 1\n---\n" + body)
for opener in ["---", "--- ", "---\t", "----", " ---", "---\u00a0"]:
    add(opener + "\nversion: 1\n---\nHi\n")
add("---\n---\nHi\n")
add("---\n---\nversion: 1\n---\nBody\n")
add("---\n\n---\nHi\n")
add("Hi\n")
add("Hi\n", 0)
add("---\nversion: 1\nversion: 2\n---\nHi\n")
add("---\nversion: 2\nversion: 1\n---\nHi\n")
add("---\nversion: 1\nx: ą---\nHi\n")
add("---\nversion: 1\nx: ą\n---\nHi ą\n")
add("---\nversion: 1" + "\u0085" + "---\nHi\n")
add(b"---\nversion: 1\n---\nHi \xff\xfe\n")
add(b"---\nversion: 1\xc4\n---\nHi\n")
add("---\nversion: 7\n---\nSeven\n", 7)
add("---\nversion: 99999999999999999999\n---\nBig\n", 9223372036854775807)
for a, b in itertools.product(["\n", "\r\n", "\r"], repeat=2):
    add(f"---{a}version: 1{b}---{a}{b}Hi{b}")
for c in cases:
    print(json.dumps(c))
