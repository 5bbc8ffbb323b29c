import Testing
import XgestCore

@testable import XgestDaemon

/// Drawings of a recorded shape that another shape takes: a `tick` recorded as three check
/// marks beside the built-in `check` ran one binding or the other at random (5 of 6 check
/// marks ran `tick`), and neither `record-stroke` nor `xgest check` said so.
@Suite struct StrokeConfusionTests {
    /// Three check marks drawn with the pointer on the test server (`record-stroke tick`).
    static let ticks: [[Double]] = [
        [
            501.2, 421.67, 505.94, 426.16, 509.12, 435.17, 514.78, 441.51, 520.61, 446.83, 526.82, 455.94,
            530.99, 460.86, 536.31, 466.19, 540.01, 473.69, 547.65, 483.31, 552.68, 486.92, 558.01, 495.91,
            562.73, 497.27, 565.88, 489.28, 570.35, 482.89, 577.76, 476.02, 582.24, 469.59, 586.78, 463.36,
            591.35, 453.9, 596.62, 447.46, 600.82, 442.91, 607.04, 433.32, 613.13, 426.29, 616.95, 421.26,
            621.86, 412.72, 627.5, 404.14, 632.62, 399.42, 636.22, 390.06, 642.2, 384.65, 646.84, 376.88,
            652.5, 371.26, 654.1, 361.76, 659.44, 356.49, 666.24, 350.8, 669.32, 343.54, 676.22, 336.62,
            680.23, 328.05, 685.64, 320.99, 690.09, 312.66, 695.04, 307.5, 698.9, 298.25,
        ],
        [
            499.58, 421.71, 501.36, 427.65, 511.36, 437.14, 517.47, 442.99, 518.23, 447.96, 523.38, 450.58,
            532.07, 457.68, 534.61, 472, 543.9, 477.14, 548.43, 481.43, 553.01, 487.29, 555.42, 493.59,
            560.47, 498.29, 565.14, 487.01, 574.59, 481.93, 577.36, 478.01, 579.19, 470.93, 586.92, 461.48,
            589.52, 453.39, 600.34, 447.01, 601.55, 441.44, 609.05, 432.88, 613.08, 428.09, 617.61, 416.86,
            620.24, 415.5, 626.65, 408.84, 629.58, 398.53, 632.09, 394.84, 640.81, 383.94, 644.41, 374.89,
            652.82, 369.98, 657.04, 362.82, 660.03, 355.17, 662.16, 349.7, 672.95, 339.17, 671.68, 337.35,
            683.91, 325.73, 683.01, 320.77, 692.97, 312.49, 691.1, 309.56, 697.84, 297.52,
        ],
        [
            505.18, 418.64, 510.58, 429.62, 510.08, 428, 519.18, 438.06, 521.92, 443.82, 530.1, 453.47,
            527.77, 457.41, 538.59, 466.91, 546.3, 470.5, 550.18, 476.68, 555.26, 493.49, 560.99, 493.42,
            556.91, 501.45, 569.39, 487.2, 571.63, 477.86, 571.68, 480.4, 580.9, 467.95, 581.32, 467.61,
            591.19, 449.86, 600.16, 451.06, 601.69, 437.89, 610.61, 428.12, 607.02, 431.57, 618.73, 422.87,
            617.13, 409.95, 625.25, 408.53, 635.16, 399.69, 633.21, 395.28, 635.43, 382.19, 645.08, 382.65,
            651.07, 365.68, 654.93, 365.54, 656.51, 360.92, 665.57, 345.77, 670.59, 339.83, 670.68, 336.87,
            685.81, 323.03, 686.36, 319.45, 691.51, 310.09, 693.75, 306.11, 699.41, 302.26,
        ],
    ]

    /// Two Ls, down then right (`record-stroke hook`), which neither `check` nor `v` took.
    static let hooks: [[Double]] = [
        [
            700, 300, 700, 312, 700, 324, 700, 336, 700, 348, 700, 360,
            700, 372, 700, 384, 700, 396, 700, 408, 700, 420, 700, 432,
            700, 444, 700, 456, 700, 468, 700, 480, 700, 492, 700, 504,
            700, 516, 700, 528, 700, 540, 700, 552, 700, 564, 700, 576,
            700, 588, 700, 600, 712, 600, 724, 600, 736, 600, 748, 600,
            760, 600, 772, 600, 784, 600, 796, 600, 808, 600, 820, 600,
            832, 600, 844, 600, 856, 600, 868, 600, 880, 600,
        ],
        [
            698.5, 303.18, 701.36, 310.62, 699.82, 324.13, 697.54, 337.05, 702.99, 344.38, 696.51, 362,
            698.63, 370.08, 703.83, 383.38, 701.52, 399.23, 702.54, 404.62, 703.95, 417.6, 700.92, 432.15,
            697.25, 446.6, 700.06, 459.82, 698.65, 465, 698.87, 477.03, 703.48, 495.34, 698.99, 501.43,
            697.61, 512.62, 703.13, 527.71, 696.35, 541.28, 699.52, 552.92, 700.62, 567.51, 696.45, 572.75,
            701.9, 590.49, 698.22, 602.08, 715.53, 598.84, 724.32, 602.72, 737.92, 601.91, 746.94, 600.62,
            762.43, 601.67, 768.07, 603.15, 785.16, 598.46, 795.19, 598.91, 806.04, 598.67, 818.68, 601.9,
            831.46, 598.97, 840.74, 601.28, 856.38, 597.94, 870.3, 597.53, 881.78, 597.79,
        ],
    ]

    static func library(_ shapes: [String: [[Double]]]) -> StrokeLibrary {
        var library = StrokeLibrary()
        for (name, drawings) in shapes.sorted(by: { $0.key < $1.key }) {
            let samples = drawings.map { flat in
                stride(from: 0, to: flat.count - 1, by: 2).map { Point(x: flat[$0], y: flat[$0 + 1]) }
            }
            let file = StrokeTemplateFile(
                name: name, rotationToleranceRadians: defaultStrokeRotationToleranceRadians, samples: samples)
            library.files.append((path: "/strokes/\(name).stroke", file: file))
        }
        return library
    }

    @Test func checkMarksRecordedAsAnotherShapeAreTheBuiltInChecks() throws {
        let library = Self.library(["tick": Self.ticks])
        let found = library.confusions(of: "tick", threshold: defaultStrokeRejectionThreshold)
        let confusion = try #require(found.first, "no confusion found")
        #expect(found.count == 1)
        #expect(confusion.other == "check" && confusion.otherIsBuiltIn)
        #expect(confusion.taken == 3 && confusion.drawings == 3)
        // Each at or above check's threshold, and within the margin of their own scores.
        #expect(confusion.otherScores.lowerBound >= confusion.otherThreshold)
        let own = try #require(confusion.ownScores)
        #expect(confusion.otherScores.upperBound >= own.lowerBound - 0.1)
        #expect(
            confusion.description.hasPrefix("3 of 3 drawings of \"tick\" would be taken as the built-in \"check\""),
            "\(confusion.description)")
        #expect(confusion.description.hasSuffix("a stroke of either shape may run the other's binding"))
        // Among bound shapes only: with check not bound, nothing to say.
        #expect(library.confusions(of: "tick", threshold: 0.72, among: ["zig-zag", "v"]).isEmpty)
        #expect(library.confusions(of: "tick", threshold: 0.72, among: ["check"]).count == 1)
        // A stricter threshold than the scores: check would not take them.
        #expect(library.confusions(of: "tick", threshold: 0.99).isEmpty)
    }

    /// The shape that takes the drawings is held to the threshold of its own bindings, as
    /// the daemon's recognizer of each binding classifies with its own: `[settings]` stricter
    /// than the check binding's left the confusion unsaid, and a check binding stricter than
    /// the scores said one that never happens. NAME's own threshold does not count.
    @Test func theOtherShapeIsHeldToItsBindingsThreshold() throws {
        let library = Self.library(["tick": Self.ticks])
        let lenient = StrokeShapeThresholds(base: 0.99, bound: ["check": 0.72])
        let found = library.confusions(of: "tick", thresholds: lenient)
        let confusion = try #require(found.first, "no confusion found")
        #expect(confusion.other == "check" && confusion.taken == 3)
        #expect(abs(confusion.otherThreshold - 0.72) < 0.05, "\(confusion.otherThreshold)")
        #expect(
            library.confusions(of: "tick", thresholds: StrokeShapeThresholds(base: 0.72, bound: ["check": 0.99]))
                .isEmpty)
        #expect(
            library.confusions(of: "tick", thresholds: StrokeShapeThresholds(base: 0.72, bound: ["tick": 0.99])).count
                == 1)
    }

    /// An L beside check and v: they did not take each other's strokes, and nothing is said.
    @Test func anLBesideCheckAndVIsNotSaid() {
        let library = Self.library(["hook": Self.hooks])
        #expect(library.confusions(of: "hook", threshold: defaultStrokeRejectionThreshold).isEmpty)
        // One drawing alone: the threshold decides.
        let one = Self.library(["hook": [Self.hooks[0]]])
        #expect(one.confusions(of: "hook", threshold: defaultStrokeRejectionThreshold).isEmpty)
    }

    /// Two recorded shapes alike: each is said as the other's.
    @Test func twoRecordedShapesAlikeAreSaid() throws {
        let library = Self.library(["tick": Self.ticks, "tock": Self.ticks.map { $0.map { $0 + 3 } }])
        let found = library.confusions(of: "tick", threshold: defaultStrokeRejectionThreshold, among: ["tock"])
        let confusion = try #require(found.first)
        #expect(confusion.other == "tock" && !confusion.otherIsBuiltIn)
        #expect(confusion.description.contains("the recorded shape \"tock\""))
        #expect(library.confusions(of: "nothing", threshold: defaultStrokeRejectionThreshold).isEmpty)
    }
}
