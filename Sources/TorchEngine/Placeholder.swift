import TorchCore
