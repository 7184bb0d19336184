"""Asserts on what a message means, not on its wording: ``says(out,
"valid_moves/2", "line 12")`` holds when one line of ``out`` names every
fact given (the predicate, the file, the line, the count, and a word or
two that tell the situation apart), however the sentence around them is
put. Tests whose point is the wording itself compare the text."""

from __future__ import annotations


def says(text: str, *facts: object) -> None:
    """Assert that one line of ``text`` holds every one of ``facts``
    (each as its ``str``)."""
    wanted = [str(fact) for fact in facts]
    assert wanted, "says() needs at least one fact"
    for line in text.splitlines():
        if all(fact in line for fact in wanted):
            return
    raise AssertionError(f"no line names all of {wanted!r} in:\n{text}")


__all__ = ["says"]
