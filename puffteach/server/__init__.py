"""The class server (issue 42): pupils play each other on their own devices, the teacher sees
every table. Needs the ``server`` extra (``pip install puffteach[server]``); the engine never
imports this package. The wire protocol is ``PROTOCOL.md`` beside this file."""
