"""The daemon: watcher, stability tracking, batching, systemd notification."""
