"""The policy-value network in torch, its loss, and its export to the numpy player.

A plain MLP: the observation vector, `layers` hidden ReLU layers of `hidden` units, then a value
head (one tanh output per side, from the observing seat's chair) and a policy head (one logit per
action id of the game's fixed action space, masked to the legal ones). Small on purpose: it trains
on two CPU cores and its forward pass in numpy takes tens of microseconds, so a search can ask it
at every leaf. The layer shapes match `magnates.bots.learned.NumpyNet` one for one.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import numpy as np
import torch
from torch import nn

from magnates.bots.learned import NumpyNet
from magnates.core.errors import InvariantError


class PolicyValueNet(nn.Module):
    def __init__(self, inputs: int, sides: int, actions: int, *, hidden: int = 256, layers: int = 2) -> None:
        super().__init__()
        self.inputs, self.sides, self.actions = inputs, sides, actions
        widths = [inputs] + [hidden] * layers
        self.trunk = nn.ModuleList(nn.Linear(a, b) for a, b in pairwise(widths))
        self.value = nn.Linear(hidden, sides)
        self.policy = nn.Linear(hidden, actions)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = x
        for layer in self.trunk:
            h = torch.relu(layer(h))
        return torch.tanh(self.value(h)), self.policy(h)


def losses(
    net: PolicyValueNet, obs: torch.Tensor, values: torch.Tensor, target: torch.Tensor, mask: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor]:
    """Mean squared error of the values (every sample) and cross-entropy of the policy (deciders only)."""
    predicted, logits = net(obs)
    value_loss = torch.mean((predicted - values) ** 2)
    deciding = mask.any(dim=1)
    if not bool(deciding.any()):
        return value_loss, torch.zeros((), dtype=value_loss.dtype)
    logits = logits[deciding].masked_fill(~mask[deciding], -1e9)
    log_p = torch.log_softmax(logits, dim=1)
    policy_loss = -(target[deciding] * log_p).sum(dim=1).mean()
    return value_loss, policy_loss


def load_numpy(net: PolicyValueNet, weights: NumpyNet) -> None:
    """Set `net`'s weights to exported ones (to start a run from them): the shapes must agree."""
    arrays = weights.arrays()
    layers = [*net.trunk, net.value, net.policy]
    names = [f"t{i}" for i in range(len(net.trunk))] + ["v", "p"]
    if len(weights.trunk) != len(net.trunk):
        raise ValueError(f"the weights have {len(weights.trunk)} hidden layers, this network {len(net.trunk)}")
    with torch.no_grad():
        for name, layer in zip(names, layers, strict=True):
            if not isinstance(layer, nn.Linear):
                raise InvariantError(f"layer {name} is a {type(layer).__name__}; only Linear layers load")
            w, b = arrays[f"{name}_w"], arrays[f"{name}_b"]
            if tuple(w.shape) != tuple(layer.weight.shape):
                raise ValueError(
                    f"the weights' layer {name} is {w.shape[1]} -> {w.shape[0]}, this network's "
                    f"{layer.weight.shape[1]} -> {layer.weight.shape[0]} (another --hidden?)"
                )
            layer.weight.copy_(torch.from_numpy(np.asarray(w, dtype=np.float32)))
            layer.bias.copy_(torch.from_numpy(np.asarray(b, dtype=np.float32)))


def to_numpy(net: PolicyValueNet, meta: dict[str, Any]) -> NumpyNet:
    """The same network as numpy arrays, with `meta` (what made it) for the `.npz` file."""
    arrays: dict[str, Any] = {}
    with torch.no_grad():
        for i, layer in enumerate(net.trunk):
            if not isinstance(layer, nn.Linear):
                raise InvariantError(f"trunk layer {i} is a {type(layer).__name__}; only Linear layers can be exported")
            arrays[f"t{i}_w"] = layer.weight.detach().cpu().numpy().astype(np.float32)
            arrays[f"t{i}_b"] = layer.bias.detach().cpu().numpy().astype(np.float32)
        arrays["v_w"] = net.value.weight.detach().cpu().numpy().astype(np.float32)
        arrays["v_b"] = net.value.bias.detach().cpu().numpy().astype(np.float32)
        arrays["p_w"] = net.policy.weight.detach().cpu().numpy().astype(np.float32)
        arrays["p_b"] = net.policy.bias.detach().cpu().numpy().astype(np.float32)
    full = {
        **meta,
        "layers": len(net.trunk),
        "inputs": net.inputs,
        "sides": net.sides,
        "actions": net.actions,
    }
    return NumpyNet(arrays, full)
