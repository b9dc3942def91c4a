"""Running work: how a long computation is cut, run, stored, shown and stopped.

==================================  =====================================================
:mod:`~combin.running.executor`     chunks as Dask tasks, results exact and stored
:mod:`~combin.running.store`        the SQLite store of finished chunks (a run resumes)
:mod:`~combin.running.progress`     progress on standard error, the one reporter
:mod:`~combin.running.interrupt`    Ctrl-C and SIGTERM, here and in the workers
:mod:`~combin.running.cache`        arrays kept between runs in the user's cache folder
:mod:`~combin.running.numba_cache`  where numba keeps its compiled cache
==================================  =====================================================
"""

__all__: list[str] = []
