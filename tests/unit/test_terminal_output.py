"""The terminal's output as Textual's writer thread writes it: a terminal that is gone
(its writes fail) is reported once, and the thread goes on emptying its queue."""

from __future__ import annotations

import errno
import io
import threading

import pytest
from textual.drivers._writer_thread import MAX_QUEUED_WRITES, WriterThread

from sticheln_tui.textual_fixes import LosableOutput


class ClosedTerminal:
    """Output to a terminal that was closed: every write fails, as on a pty hung up."""

    def write(self, text: str) -> None:
        raise OSError(errno.EIO, "Input/output error")

    flush = write

    def fileno(self) -> int:
        return 2


def writes_end(writer: WriterThread, count: int, timeout: float) -> bool:
    """Whether `count` writes and stopping the writer are over within `timeout` seconds
    (else the thread making them is left waiting)."""

    def write_and_stop() -> None:
        for _ in range(count):
            writer.write("x")
        writer.stop()

    thread = threading.Thread(target=write_and_stop, daemon=True)
    thread.start()
    thread.join(timeout)
    return not thread.is_alive()


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_textual_s_writer_thread_still_hangs_once_its_terminal_is_gone():
    """Upstream's bug, kept in view: once this fails, Textual has fixed it, and
    LosableOutput can go."""
    writer = WriterThread(ClosedTerminal())
    writer.start()
    assert not writes_end(writer, MAX_QUEUED_WRITES + 2, timeout=0.5)


def test_a_lost_terminal_is_reported_once_and_what_follows_dropped():
    lost = []
    writer = WriterThread(LosableOutput(ClosedTerminal(), lambda: lost.append("lost")))
    writer.start()
    assert writes_end(writer, 10 * MAX_QUEUED_WRITES, timeout=5)
    assert lost == ["lost"]


def test_the_output_goes_through_while_the_terminal_is_there():
    terminal = io.StringIO()
    writer = WriterThread(LosableOutput(terminal, lambda: pytest.fail("reported lost")))
    writer.start()
    writer.write("Pass the keyboard")
    writer.write(" to")
    writer.stop()
    assert terminal.getvalue() == "Pass the keyboard to"
