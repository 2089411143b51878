"""One module per screen; screens render seat views and hand moves to the app."""
