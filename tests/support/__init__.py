"""Helpers the tests share: paths of the corpora, processes, a local cluster, bridges to Prolog."""
