import XgestCore
