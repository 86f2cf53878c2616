"""The web platform: an authoritative game server (HTTP + WebSocket), its storage and a web client.

The server owns every state; browsers only ever receive `state.view(seat)` for
the seat whose secret token they hold, so hidden cards stay on the server.
"""
