"""The one Jinja2 environment the run's page, its usage section and the comparison page are rendered with.

Autoescaping is on, so no field of a report, however crafted, becomes markup or script; an undefined name
is an error, never an empty string. Templates, the page's style and its filter script are files in
``reporting/templates/``. jinja2 comes with Flask and is imported on the first page written.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import jinja2


@functools.lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    import jinja2

    return jinja2.Environment(
        loader=jinja2.PackageLoader("pytest_safeagent.reporting", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def render(template: str, context: dict[str, Any]) -> str:
    """``template`` (a file of ``reporting/templates/``) rendered with ``context``."""
    return environment().get_template(template).render(context)
