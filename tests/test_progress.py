"""The one progress reporter: a tqdm bar on a terminal, plain lines in a log, or nothing."""

import io

from combin import progress
from combin.progress import StderrProgress, messages


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_percent_mode_writes_a_line_per_tenth_and_no_carriage_return():
    stream = io.StringIO()
    report = StderrProgress("five cards", stream)
    report(1, 4)
    report(1, 4)
    report(4, 4)
    report.close()
    assert stream.getvalue() == "five cards:  25%\nfive cards: 100%\n"


def test_a_terminal_gets_one_tqdm_bar_with_an_eta():
    stream = Terminal()
    report = StderrProgress("count", stream, unit="shoes")
    for done in range(0, 101, 10):
        report(done, 100)
    text = stream.getvalue()
    assert "count: 100%" in text and "100/100" in text and "shoes/s" in text


def test_quiet_turns_progress_off(monkeypatch):
    monkeypatch.setattr(progress, "QUIET", True)
    stream = io.StringIO()
    StderrProgress("count", stream, unit="shoes")(5, 10)
    messages("audit", stream)("one")
    assert stream.getvalue() == ""


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
