"""`twilight i18n`: the translators' tools (check, review, sync) over the Fluent locale files."""
