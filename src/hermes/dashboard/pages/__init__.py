"""One module per dashboard page; each exports PAGE (see hermes.dashboard.app)."""
