"""Print runs: what a build printed (each face's identity and the digest of its drawing), kept
beside the PDF so the next build can print only what changed, or only the rows asked for."""
