"""nbval settings for the notebooks: live widget views and timings are not compared."""


def pytest_collectstart(collector):
    if collector.fspath and collector.fspath.ext == ".ipynb":
        # a widget view holds a random model id; its static fallback (SVG/HTML) is compared instead
        collector.skip_compare += ("application/vnd.jupyter.widget-view+json", "stderr")
