"""Helpers shared by the browser tests."""

from __future__ import annotations

from playwright.sync_api import Page


def choose_variant(page: Page, name: str, part: str = "#variant-part") -> None:
    """Pick a variant on a new-game form (the scorepad's, or the play table's with
    ``part="#play-variant-part"``) and wait for its part of the form.

    The variant's part (presets, target, house rules) comes back by htmx: typing or submitting
    before it replaced the old one races with the swap (the click can land on a detached
    button), so wait until the old part is gone.
    """
    menu = page.locator("select[name=variant]")
    if menu.input_value() == name:
        return
    old = page.locator(part).element_handle()
    menu.select_option(name)
    page.wait_for_function("part => !part.isConnected", arg=old)


#: htmx's own classes while a request is out or a swap is settling
_BUSY = ".htmx-request, .htmx-swapping, .htmx-settling"


def settle(page: Page) -> None:
    """Wait until the page is loaded and htmx has nothing out: no request on its way, no swap
    settling (what htmx itself marks with its ``htmx-request`` and ``htmx-settling`` classes)."""
    page.wait_for_load_state("load")
    page.wait_for_function("busy => !document.querySelector(busy)", arg=_BUSY)
