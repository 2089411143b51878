"""The rules core: pure, seeded and deterministic; never imports Textual or Rich."""
