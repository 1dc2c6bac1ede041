"""Helpers shared by the browser tests."""

from __future__ import annotations

from playwright.sync_api import Page


def choose_variant(page: Page, name: str) -> None:
    """Pick a variant on the new-game form and wait for its part of the form.

    The variant's part (presets, target, house rules) comes back by htmx: typing or submitting
    before it replaced the old one races with the swap (the click can land on a detached
    button), so wait until the old part is gone.
    """
    menu = page.locator("select[name=variant]")
    if menu.input_value() == name:
        return
    old = page.locator("#variant-part").element_handle()
    menu.select_option(name)
    page.wait_for_function("part => !part.isConnected", arg=old)
