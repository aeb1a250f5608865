"""Print-then-cut: sheets for a cutting machine (Silhouette, Cricut) with the registration marks
it scans, and the cut paths (SVG, DXF) in the same coordinates."""
