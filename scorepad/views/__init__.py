"""The scorepad's blueprints: ``pages`` (the HTML app of the table), ``live`` (the public
read-only page and its polling) and ``api`` (the JSON API of design.md)."""
