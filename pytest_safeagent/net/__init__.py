"""Transport shared by the model and simulator clients (JSON over kept-alive HTTP/1.1)."""
