"""Simulation: dealing whole hands (``pyeval.sim.deal``) and the simulation studies
(``pyeval.sim.simulate``) with their numba kernels."""
