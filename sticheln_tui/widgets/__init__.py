"""Widgets that draw the table; they render seat views and hold no game rules."""
