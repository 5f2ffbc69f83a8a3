"""Plan steps written in other languages: one word table per language (``es``, ``fr``, ``de``, ``it``,
``pt``, ``nl``, ``ru``, ``tr``, ``zh``, ``ja``, ``ko``; their shape in :mod:`.vocabulary`), read by
:mod:`.reading`. The tables load on the first line no English reading takes."""

from pytest_safeagent.core.languages.reading import (
    LANGUAGE_CODES,
    read_translated_step,
    read_translated_steps,
    with_antecedent,
)

__all__ = ["LANGUAGE_CODES", "read_translated_step", "read_translated_steps", "with_antecedent"]
