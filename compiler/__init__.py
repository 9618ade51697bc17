"""The rules compiler: .tsr sources to validated JSON IR."""
