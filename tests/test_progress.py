"""The one progress reporter: a rewritten percentage, or counted lines with a rate."""

import io

from combin.progress import StderrProgress, messages


def test_percent_mode_writes_one_line():
    stream = io.StringIO()
    report = StderrProgress("five cards", stream)
    report(1, 4)
    report(1, 4)
    report(4, 4)
    report.close()
    assert stream.getvalue() == "\rfive cards:  25%\rfive cards: 100%\n"


def test_counted_mode_writes_a_line_per_tenth_when_not_a_terminal():
    stream = io.StringIO()
    report = StderrProgress("count", stream, unit="shoes")
    for done in range(1, 101):
        report(done, 100)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 11   # the first call, then each tenth 1..10
    assert lines[-1].startswith("count: 100/100 shoes (") and lines[-1].endswith(" shoes/s)")


def test_messages_are_prefixed_lines():
    stream = io.StringIO()
    say = messages("audit", stream)
    say("one")
    say("two")
    assert stream.getvalue() == "audit: one\naudit: two\n"
