"""Intake: scan input/, classify, archive, and the batch pipeline that ties them."""
