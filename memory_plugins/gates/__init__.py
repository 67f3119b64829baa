"""S2 write gates: an ordered pipeline of pure checks, each failure a reason code."""

from memory_plugins.gates.codes import GATE_ORDER, RejectCode
from memory_plugins.gates.detectors import (
    Detector,
    FunctionDetector,
    register_detector,
    registered_detectors,
)
from memory_plugins.gates.pipeline import GateDecision, evaluate, inspected_strings

__all__ = [
    "GATE_ORDER",
    "Detector",
    "FunctionDetector",
    "GateDecision",
    "RejectCode",
    "evaluate",
    "inspected_strings",
    "register_detector",
    "registered_detectors",
]
