"""A fake host (bot host or game host) for the referee's reply reader: it
reads requests on its request pipe and answers each with what its mode
says, a reply no real host would write, to the verb it names (the other verbs
of a game host get sane answers). Run as
``python fake_host.py REQUEST_FD REPLY_FD MODE[:VERB]``."""

from __future__ import annotations

import os
import re
import sys

DEEP = 100_000


def answer(mode: str, verb: str, nonce: str) -> bytes:
    n = f'"nonce":"{nonce}"'
    if mode == "deep":
        return ("{" + n + ',"ok":true,"status":' + "[" * DEEP + "]" * DEEP + "}\n").encode()
    if mode == "long":
        return b'{"x":"' + b"a" * (3 << 20) + b'"}\n'
    if mode == "utf8":
        return b'{"nonce":"' + nonce.encode() + b'","detail":"\xff\xfe\xc0"}\n'
    if mode == "array":
        return b"[1, 2, 3]\n"
    if mode == "slow_rules" and verb == "load":   # a load reply granting its rules a day
        return ("{" + n + ',' + SANE["load"].replace('"rule_seconds":5', '"rule_seconds":86400')
                + "}\n").encode()
    if mode == "types":   # every field of the wrong type
        if verb == "load":
            return ("{" + n + ',"ok":true,"status":"ready","seats":7,"ms":"soon","protocol":[1],'
                    '"problems":{"a":1},"warnings":3,"missing":5}\n').encode()
        if verb == "info":
            return ("{" + n + ',"ok":true,"title":["t"],"players":"ab",'
                    '"options":{"w":1}}\n').encode()
        return ("{" + n + ',"ok":true,"verdict":"ok","move":{"m":1},"out":"x",'
                '"state":[1],"moves":5,"player":null,"over":{},"json":"[[[[1]]]]",'
                '"pairs":5,"problems":"abcd","notes":7,"stats":{"m":1},"note":[]}\n').encode()
    if mode == "nested_json":  # the game host's facts: JSON inside JSON, deep
        inner = "[" * DEEP + "]" * DEEP
        return ("{" + n + ',"ok":true,"json":"' + inner + '"}\n').encode()
    raise SystemExit(f"unknown mode {mode}")


SANE = {
    "load": '"ok":true,"status":"ready","protocol":"pfl","seats":["first","second"],'
            '"rule_seconds":5,"dialect":"swi"',
    "fork": '"ok":true,"forked":false',
    "info": '"ok":true,"title":"fake","players":["a","b"],"options":[]',
    "seed": '"ok":true',
    "end": '"ok":true,"ended":true',
}


def main() -> None:
    requests = os.fdopen(int(sys.argv[1]), "rb")
    replies = os.fdopen(int(sys.argv[2]), "wb")
    mode, _, target = sys.argv[3].partition(":")
    for line in requests:
        found = re.match(rb"(\w+)\('([0-9a-f]+)'", line)
        if found is None:
            continue
        verb, nonce = found.group(1).decode(), found.group(2).decode()
        if target and verb != target and verb in SANE:
            replies.write(("{" + f'"nonce":"{nonce}",' + SANE[verb] + "}\n").encode())
        else:
            replies.write(answer(mode, verb, nonce))
        replies.flush()


if __name__ == "__main__":
    main()
