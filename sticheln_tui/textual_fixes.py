"""Every place where the game works around Textual or reaches into its internals.

Written for and checked against the Textual 8.2 series (pyproject pins 8.2.x). Each
workaround names the upstream behaviour it works around. Outside that series the ones
that patch Textual or touch its private widgets stay off (Textual's own behaviour
applies), and tests/functional/test_palette_and_crashes.py fails until somebody has checked each
workaround against the new version and moved `WRITTEN_FOR`.
"""

from __future__ import annotations

import asyncio
import atexit
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from contextlib import suppress
from typing import IO, Any, ClassVar, Literal

import textual
from rich.align import Align
from rich.cells import cell_len
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import App, AwaitMount
from textual.binding import Binding
from textual.command import (
    CommandList,
    CommandListItem,
    CommandPalette,
    Provider,
    SimpleProvider,
)
from textual.css.query import NoMatches
from textual.driver import Driver
from textual.geometry import Region
from textual.message import Message
from textual.screen import Screen
from textual.theme import ThemeProvider
from textual.widgets import Button, Footer, Input, OptionList, _footer, _key_panel, _toast
from textual.widgets.option_list import OptionDoesNotExist

from .i18n import N_, _

WRITTEN_FOR = (8, 2)  # the Textual series these workarounds were written and checked for


def textual_series() -> tuple[int, int]:
    """The installed Textual's major and minor version, read from the name of the metadata
    folder an installer puts beside the package: importlib.metadata would add a tenth to
    the start-up. Any other kind of installation asks importlib.metadata."""
    site = os.path.dirname(os.path.dirname(textual.__file__))
    folders = [
        name
        for name in os.listdir(site)
        if name.startswith("textual-") and name.endswith(".dist-info")
    ]
    if len(folders) == 1:
        installed = folders[0].removeprefix("textual-")
    else:
        from importlib.metadata import version

        installed = version("textual")
    major, minor = installed.split(".")[:2]
    return int(major), int(minor)


IN_RANGE = textual_series() == WRITTEN_FOR

# Textual's own words that reach a player, for the catalogues: each is translated where the
# game shows it (the footer, the command palette, its Theme and Keys commands).
COMMANDS_PLACEHOLDER = N_("Search for commands…")
# Translators: the command palette, when nothing matches what was typed.
NO_MATCHES = N_("No matches found")
THEMES_PLACEHOLDER = N_("Search for themes…")
HIDE_KEYS = N_("Hide the keys and widget help panel")
TEXTUAL_TEXT = (
    # Translators: the footer's key that opens the command palette (Ctrl+P); keep it short.
    N_("palette"),
    N_("Open the command palette"),
    # Translators: a command of the command palette: choose the colour theme.
    N_("Theme"),
    N_("Change the current theme"),
    # Translators: a command of the command palette: show or hide the panel listing the keys.
    N_("Keys"),
    N_("Show help for the focused widget and a summary of available keys"),
    HIDE_KEYS,
    # The keys panel (the palette's Keys) lists Textual's own keys as well as the game's.
    N_("Focus Next"),
    N_("Focus Previous"),
    N_("Copy selected text"),
    N_("Press button"),
    N_("Previous tab"),
    N_("Next tab"),
    # Translators: keys of a list: move to the next, last, first, previous entry; choose it.
    N_("Down"),
    N_("Last"),
    N_("First"),
    N_("Up"),
    N_("Select"),
    # Keys of a text field (a player's name, the seed).
    N_("Move cursor left"),
    N_("Move cursor left and select"),
    N_("Move cursor left a word"),
    N_("Move cursor left a word and select"),
    N_("Move cursor right or accept the completion suggestion"),
    N_("Move cursor right and select"),
    N_("Move cursor right a word"),
    N_("Move cursor right a word and select"),
    N_("Delete character left"),
    N_("Select all"),
    N_("Go to start"),
    N_("Go to end"),
    N_("Select line start"),
    N_("Select line end"),
    N_("Delete character right"),
    N_("Submit"),
    N_("Delete left to start of word"),
    N_("Delete all to the left"),
    N_("Delete right to start of word"),
    N_("Delete all to the right"),
    N_("Cut selected text"),
    N_("Paste text from the clipboard"),
    # Keys that scroll a panel.
    N_("Scroll Up"),
    N_("Scroll Down"),
    N_("Scroll Left"),
    N_("Scroll Right"),
    N_("Scroll Home"),
    N_("Scroll End"),
    N_("Page Up"),
    N_("Page Down"),
    N_("Page Left"),
    N_("Page Right"),
)


# -- the command palette: keys that arrive after it closed ----------------------------


class SteadyCommandPalette(CommandPalette):
    """Textual 8.2's command palette, minus a crash: Ctrl+P, then Enter three times
    quickly, ended the app with ScreenStackError ("Can't pop screen"). The presses reach
    the palette's input before the first is handled, so the palette runs its command and
    dismisses itself once per press: the second dismissal pops the screen beneath it (a
    hand-off, in this game) and the next one finds no screen left to pop. A plain App
    crashes the same way. Upstream, `Screen.dismiss` on a screen that is no longer the
    top one was to become an error (https://github.com/Textualize/textual/issues/2575);
    in 8.2 it still pops whatever screen is on top. Here a selection that reaches the
    palette once it has closed is dropped: the command runs once, one screen is popped."""

    def _start_no_matches_countdown(self, search_value: str) -> None:
        """Textual adds its English "No matches found" when a countdown ends; a second
        one, just after, puts it in the player's language."""
        super()._start_no_matches_countdown(search_value)
        self.set_timer(self._NO_MATCHES_COUNTDOWN + 0.05, self._no_matches_in_words)

    def _no_matches_in_words(self) -> None:
        words = Align.center(Text(_(NO_MATCHES), style="not bold"))
        with suppress(OptionDoesNotExist):  # something matched after all
            self.query_one(CommandList).replace_option_prompt(self._NO_MATCHES, words)

    @on(Input.Submitted)
    @on(Button.Pressed)
    @on(OptionList.OptionSelected)
    def _drop_once_closed(self, event: Message) -> None:
        if not self.is_active:
            event.stop()
            event.prevent_default()  # Textual's own handlers (the base class's) stay out


# -- the terminal: one that is gone ends the app, and never hangs it ------------------


class TerminalLost(Message):
    """Posted to the app when its terminal can no longer be written to (closed, hung up)."""


class LosableOutput:
    """The terminal's output as Textual 8.2's writer thread sees it, minus a hang. That
    thread (textual/drivers/_writer_thread.py) takes text from a queue of 30 and writes
    it: the first write that fails (EIO once the terminal is closed) ends the thread, and
    the next writes, its `stop` too, wait for ever for room in the full queue, in the
    app's loop, where no signal handler gets to run. Here a failed write or flush
    reports the terminal lost, once, and every write after it is dropped: the thread
    keeps emptying its queue until Textual stops it."""

    def __init__(self, file: IO[str], lost: Callable[[], object]) -> None:
        self._file = file
        self._lost = lost
        self._gone = False

    def write(self, text: str) -> None:
        self._attempt(self._file.write, text)

    def flush(self) -> None:
        self._attempt(self._file.flush)

    def fileno(self) -> int:
        return self._file.fileno()

    def _attempt(self, operation: Callable[..., object], *arguments: str) -> None:
        if self._gone:
            return
        try:
            operation(*arguments)
        except OSError:
            self._gone = True
            self._lost()


if sys.platform != "win32":
    from textual.drivers.linux_driver import LinuxDriver

    class SteadyLinuxDriver(LinuxDriver):
        """Textual 8.2's driver for terminals on Linux and macOS, writing through
        LosableOutput, and resuming only from a suspension of its own."""

        def __init__(self, app: App, **options: Any) -> None:
            super().__init__(app, **options)
            # Textual's output file, wrapped: Textual only writes to it and flushes it.
            self._file = LosableOutput(self._file, lambda: app.post_message(TerminalLost()))  # type: ignore[arg-type, assignment]

        def _sigcont_application(self, *signal_details: object) -> None:
            # Textual restarts its application mode on every SIGCONT, though it suspends
            # only on SIGTSTP, which sets `_must_signal_resume`. A terminal's hangup sends
            # a session leader SIGCONT with its SIGHUP: that restart, in the signal
            # handler, on a terminal that is gone (where `os.isatty` says no, so it skips
            # its check of the terminal), started a second writer thread (soon dead, as
            # above) and a second input thread over the first ones.
            if self._must_signal_resume:
                super()._sigcont_application(*signal_details)


class WorkaroundApp(App[None]):
    """Textual's App with the workarounds below; the game's app derives from it."""

    BINDINGS = [
        # Textual 8.2's keys panel (the palette's Keys) closes only by the palette's Keys
        # again: Escape closes it too, before the screen's own Escape.
        Binding("escape", "hide_help_panel", HIDE_KEYS, show=False, priority=True),
    ]
    THEME_LIST: ClassVar[type[Provider]] = ThemeProvider  # what the theme list offers
    # Seconds from the moment the app is to end (a signal, its terminal lost) until the
    # process has ended: see `end_by_the_deadline`.
    EXIT_DEADLINE: ClassVar[float] = 1.5
    _ending: threading.Event | None = None  # set when the app is to end by the deadline

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hide_help_panel":
            # By name, as Textual looks for it: its module brings Markdown's parser.
            return bool(self.screen.query("HelpPanel"))
        return super().check_action(action, parameters)

    async def action_hide_help_panel(self) -> None:  # type: ignore[override]  # Textual awaits it
        """Textual's own action, which does not wait for the panel to go."""
        await self.screen.query("HelpPanel").remove()
        self.refresh_bindings()  # the screen's own Escape is back

    def action_show_help_panel(self) -> None:
        super().action_show_help_panel()
        self.refresh_bindings()  # Escape now closes the panel

    def action_command_palette(self) -> None:
        """Textual's own action, opening the palette that drops late keys (its prompt in
        the player's language)."""
        # Textual's is_open takes App[object]; this app is an App[None].
        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]
            self.push_screen(
                SteadyCommandPalette(id="--command-palette", placeholder=_(COMMANDS_PLACEHOLDER))
            )

    def search_themes(self) -> None:
        """Textual's theme list (the palette's Theme command) is a palette too: the same
        one as Textual's, that drops late keys."""
        self.push_screen(
            SteadyCommandPalette(providers=[self.THEME_LIST], placeholder=_(THEMES_PLACEHOLDER))
        )

    def search_commands(
        self, commands: Sequence[CommandListItem], placeholder: str = ""
    ) -> AwaitMount:
        """Textual's list of given commands, in the palette that drops late keys."""
        return self.push_screen(
            SteadyCommandPalette(
                # As Textual's own search_commands passes them.
                providers=[SimpleProvider(self.screen, commands)],  # type: ignore[arg-type, list-item]
                placeholder=placeholder or _(COMMANDS_PLACEHOLDER),
            )
        )

    def get_driver_class(self) -> type[Driver]:
        driver_class = super().get_driver_class()
        if IN_RANGE and sys.platform != "win32" and driver_class is LinuxDriver:
            return SteadyLinuxDriver
        return driver_class

    def cursor_region(self) -> Region | None:
        """Where the terminal cursor belongs now (None: leave it where it is). Override."""
        return None

    def _display(self, screen: Screen, renderable: RenderableType | None) -> None:
        # Textual 8.2 moves the terminal cursor (hidden, but followed by screen readers
        # and braille displays) to `App.cursor_position` after each frame it writes, in
        # this private method; the position is brought up to date just before, once the
        # frame's layout is known.
        if IN_RANGE and renderable is not None:
            region = self.cursor_region()
            if region is not None:
                self.cursor_position = region.offset
        super()._display(screen, renderable)

    def watch_app_focus(self, focus: bool) -> None:
        # Textual gives a screen its AUTO_FOCUS only while the app has focus, and on getting
        # focus back restores only what was focused on the same screen: a screen shown in
        # between keeps nothing focused, deaf to Enter. Textual's web driver (textual-serve,
        # `sticheln serve`) starts blurred, so the first screen was always such a screen.
        if focus and IN_RANGE:
            self.screen._update_auto_focus()

    def before_crash(self) -> None:
        """Called when an unexpected exception is about to end the app (Textual then
        prints the traceback and sets `return_code` to 1). Override to save work."""

    def _handle_exception(self, error: Exception) -> None:
        # Textual offers no public hook for an exception nothing handled: in 8.2 every
        # handler, timer and worker reports it to this private method, which ends the app.
        if IN_RANGE and self._exit and isinstance(error, NoMatches):
            # Once the app is to end, Textual 8.2 mounts no more widgets (`mount_all`
            # returns at once), yet a screen put up just before (a key, then a signal
            # or the terminal closed) still composes and runs its Mount handlers: a
            # query there finds none of its widgets. The app was ending anyway, its work
            # saved: no traceback, no exit status 1.
            self.log.warning(f"No widgets as the app ends: {error}")
            return
        try:
            self.before_crash()
        except Exception as failure:  # the first error is the one worth showing
            self.log.error(f"before_crash failed too: {failure!r}")
        super()._handle_exception(error)

    def catch_ending_signals(self) -> None:
        """SIGTERM, SIGHUP (terminal closed) and SIGINT end the app as `action_save_and_quit`
        does, and the process by the exit deadline (not under test: no signals there)."""
        if self.is_headless:
            return
        self.start_exit_watch()
        loop = asyncio.get_running_loop()

        def leave(number: int, frame: object) -> None:
            # Python runs this handler in the main thread between any two steps, even
            # while the loop is stuck in a call that does not return (a handler of the
            # loop's own would wait for it): the deadline is set at once, and the loop
            # saves and quits as soon as it can.
            self.end_by_the_deadline()
            with suppress(RuntimeError):  # the loop has closed: the app ended
                loop.call_soon_threadsafe(self.action_save_and_quit)

        # Windows has no SIGHUP (a closed console ends the process there).
        numbers = (signal.SIGTERM, getattr(signal, "SIGHUP", None), signal.SIGINT)
        for number in filter(None, numbers):
            with suppress(ValueError):  # not in the main thread
                signal.signal(number, leave)

    def action_save_and_quit(self) -> None:
        """End the app; override to save work first."""
        self.exit()

    def start_exit_watch(self) -> None:
        """Start the thread that keeps `end_by_the_deadline`'s promise (an app under
        test, which has none, is never ended by it)."""
        self._ending = threading.Event()
        threading.Thread(target=self._exit_at_the_deadline, daemon=True).start()

    def end_by_the_deadline(self) -> None:
        """The app is to end now (a signal, its terminal lost): the process ends within
        EXIT_DEADLINE seconds whatever Textual does. Textual 8.2's shutdown waits without
        a limit for its writer thread (`WriterThread.stop`) and its input thread
        (`LinuxDriver.disable_input`), and asyncio after it for the threads of its
        executor (a computer player thinking): should the process still be here at the
        deadline, `before_forced_exit` runs and the process ends with the status it
        returns. Should the program end before, it ends without Python's teardown of
        every module (tenths of a second, longer on a busy machine, during which the
        deadline's thread could not act). Safe in a signal handler (it starts no thread
        there, which could wait for a lock the interrupted code holds), and more than
        once."""
        if self._ending is not None and not self._ending.is_set():
            self._ending.set()
            atexit.register(self._exit_without_teardown)

    def _exit_at_the_deadline(self) -> None:
        assert self._ending is not None  # set before this thread starts
        self._ending.wait()
        time.sleep(self.EXIT_DEADLINE)
        os._exit(self.before_forced_exit())

    def _exit_without_teardown(self) -> None:
        for stream in (sys.stdout, sys.stderr):
            with suppress(OSError, ValueError):  # the terminal may be gone, or closed
                stream.flush()
        os._exit(self.return_code or 0)  # the program's exit status is the app's

    def before_forced_exit(self) -> int:
        """Called in a thread of its own when the process is still here at the exit
        deadline, wherever the app's loop is; returns the exit status. Override to save
        work."""
        return self.return_code or 0


# -- OptionList: paging before the first layout ---------------------------------------

_move_page = OptionList._move_page


def _move_page_once_laid_out(self: OptionList, direction: Literal[-1, 1]) -> None:
    """Textual 8.2's OptionList (the command palette's list, a Select's drop-down) raised
    KeyError on PageUp/PageDown while it had options but no size yet (just opened or
    refilled), which ended the app. Paging waits for the first layout."""
    if (self.highlighted or 0) in self._index_to_line:
        _move_page(self, direction)


# -- the terminal cursor: where a list's highlighted option and a toast are -------------


def option_region(options: OptionList) -> Region | None:
    """Where an OptionList's highlighted option is on screen, if it shows: Textual 8.2
    keeps the line of each option in private tables."""
    highlighted = options.highlighted
    if not IN_RANGE or highlighted is None:
        return None
    try:
        line = options._index_to_line[highlighted]
    except KeyError:  # not laid out yet
        return None
    area = options.content_region
    y = area.y + line - round(options.scroll_y)
    return Region(area.x, y, area.width, 1) if area.y <= y < area.bottom else None


def toast_region(app: App, message: str) -> Region | None:
    """Where the toast showing `message` is on screen, while it shows: Textual 8.2's
    Toast keeps its notification private."""
    if not IN_RANGE:
        return None
    for toast in app.screen.query(_toast.Toast):
        if toast._notification.message == message and toast.region:
            return toast.content_region
    return None


# -- Footer: the keys in the player's language ----------------------------------------

_FooterKey = _footer.FooterKey


class TranslatedFooterKey(_FooterKey):
    """A key of Textual's Footer saying what it does in the player's language: the
    bindings' descriptions are the game's English text (marked with N_), and Textual 8.2's
    Footer shows them as they are. Its `compose` makes Textual's private FooterKey, looked
    up in its module, where this one takes its place."""

    def __init__(self, key: str, key_display: str, description: str, action: str, **kwargs):
        if kwargs.get("tooltip"):
            kwargs["tooltip"] = _(kwargs["tooltip"])
        super().__init__(key, key_display, _(description) if description else "", action, **kwargs)


# -- the keys panel: in the player's language -------------------------------------------


class TranslatedBindingsTable(_key_panel.BindingsTable):
    """The table of keys in Textual's keys panel (the palette's Keys), saying what each
    does in the player's language. Textual 8.2 builds it from the bindings' descriptions
    in one method; here its second column (the descriptions and the group headings) is
    translated once built, keeping its styles. KeyPanel's
    `compose` makes the private BindingsTable, looked up in its module, where this one
    takes its place."""

    def render_bindings_table(self) -> Table:
        table = super().render_bindings_table()
        if len(table.columns) > 1:
            column = table.columns[1]
            column._cells = [_translated(cell) for cell in column._cells]
        return table


def _translated(cell: RenderableType) -> RenderableType:
    """A cell of the table in the player's language: a key's description, then perhaps
    its binding's tooltip (styled apart, translated apart), or a group's heading."""
    if not isinstance(cell, Text) or not cell.plain:
        return cell
    cuts = sorted({span.start for span in cell.spans if 0 < span.start < len(cell.plain)})
    translated = Text(style=cell.style, end=cell.end)
    for part in cell.divide(cuts):
        words = part.plain.strip()
        piece = Text(part.plain.replace(words, _(words)) if words else part.plain, part.style)
        for span in part.spans:
            if span.start == 0 and span.end >= len(part.plain):
                piece.stylize(span.style)
        translated.append_text(piece)
    return translated


# -- Footer: rewritten in place, not rebuilt -------------------------------------------


class KeysFooter(Footer):
    """Textual rebuilds its Footer on every bindings update, and a rebuild restyles every
    key: tens of milliseconds. Here an update that changes nothing visible is skipped, and
    one that keeps the number of keys (a key greyed out, or Hint giving way to the bot's
    Space) rewrites Textual's private FooterKey widgets in place. The first update, a
    change in the number of keys, and grouped keys (new or shown) rebuild it as Textual
    does; so does every update outside the Textual series this was written for."""

    _shown: tuple | None = None

    def bindings_changed(self, screen: Screen) -> None:
        if not IN_RANGE:
            super().bindings_changed(screen)
            return
        shown = tuple(
            (binding, enabled, tooltip)
            for _, binding, enabled, tooltip in screen.active_bindings.values()
            if binding.show
        )
        if shown == self._shown:
            return
        keys = [key for key in self.children if not key.has_class("-command-palette")]
        footer_keys = [key for key in keys if isinstance(key, _FooterKey)]
        # Textual's Footer shows one key per action: the first binding of each.
        first_per_action: dict[str, tuple] = {}
        for binding, enabled, tooltip in shown:
            first_per_action.setdefault(binding.action, (binding, enabled, tooltip))
        rewritable = (
            self._shown is not None
            and len(first_per_action) == len(keys)
            and len(footer_keys) == len(keys)  # no group shown
            and not any(binding.group for binding, _, _ in shown)  # nor coming
        )
        self._shown = shown
        if not rewritable:
            super().bindings_changed(screen)
            return
        for key, (binding, enabled, tooltip) in zip(
            footer_keys, first_per_action.values(), strict=True
        ):
            display = self.app.get_key_display(binding)
            description = _(binding.description)
            resized = (len(display), len(description)) != (
                len(key.key_display),
                len(key.description),
            )
            key.key = binding.key
            key.key_display = display
            key.description = description
            key.action = binding.action
            key._disabled = not enabled
            key.tooltip = tooltip or None
            key.set_class(not enabled, "-disabled")
            key.refresh(layout=resized)


def footer_cells(screen: Screen, *more: Binding) -> int:
    """The cells the screen's Footer takes to show each of its keys whole, and `more`
    beside them: as Textual's Footer draws a key (the command palette's too), a blank
    before it, between its key and its description, and after it."""
    app = screen.app
    shown: dict[str, Binding] = {}  # the first binding of each action, as the Footer shows
    for _node, binding, _enabled, _tooltip in screen.active_bindings.values():
        if binding.show:
            shown.setdefault(binding.action, binding)
    keys = [*shown.values(), *more]
    palette = screen.active_bindings.get(app.COMMAND_PALETTE_BINDING)
    if app.ENABLE_COMMAND_PALETTE and palette is not None:
        keys.append(palette[1])
    return sum(
        3 + cell_len(app.get_key_display(key)) + cell_len(_(key.description)) for key in keys
    )


# -- the theme: chosen before the first frame, without parsing the CSS twice ----------


def start_with_theme(app: App, name: str) -> None:
    """Make `name` the theme of an app that is not running yet. Textual's `app.theme =
    name` has its watcher re-parse every stylesheet once the app runs, though none has
    been parsed yet: with the game's stylesheet that is a sixth of the way to the first
    frame. Before the first parse it is enough to set the value, the variables that parse
    will use and the classes the watcher sets. Outside the series this was written for,
    Textual's own way."""
    if not IN_RANGE:
        app.theme = name
        return
    app.set_reactive(App.theme, name)
    theme = app.current_theme
    app.stylesheet.set_variables(app.get_css_variables())
    classes = {name: False for name in app.classes if name.startswith("-theme-")}
    classes[f"-theme-{theme.name}"] = True
    classes["-dark-mode"] = theme.dark
    classes["-light-mode"] = not theme.dark
    app.update_classes(classes, update=False)


def apply_textual_fixes() -> None:
    """Patch what cannot be subclassed, for the Textual series it was written for."""
    if IN_RANGE:  # replacing Textual's own, which a type checker is right to warn about
        OptionList._move_page = _move_page_once_laid_out  # type: ignore[method-assign]
        _footer.FooterKey = TranslatedFooterKey  # type: ignore[misc, assignment]
        _key_panel.BindingsTable = TranslatedBindingsTable  # type: ignore[misc]
