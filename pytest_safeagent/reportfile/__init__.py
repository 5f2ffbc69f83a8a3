"""A saved report file and results log, read back: the report's schema (pydantic) and the one validating
reader every command goes through. Below gating, violations and reporting, which all read reports, so
none of them has to import another to read one."""
