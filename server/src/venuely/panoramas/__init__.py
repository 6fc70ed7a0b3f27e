"""Panoramas: tours (versions of a zip package), preview images, pano variables."""
