"""The demo venue's panorama tour: rooms rendered procedurally into equirectangular images.

`build_demo_tour()` returns the tour zip (docs/formats/tour-package.md); `demo/seed.py`
installs it as the demo event's pano. See `render.py` for the renderer, `rooms/` for the venue.
"""

from venuely.demo.tour.package import RENDER_VERSION, build_demo_tour

__all__ = ["RENDER_VERSION", "build_demo_tour"]
