/// Touchscreen distances whose right size is a size on the glass: how far a fingertip
/// jitters, how wide a band a thumb finds at the bezel. In pixels they would shrink on a
/// dense panel (10 px is 2.6 mm at 96 dpi but 0.9 mm on a 14-inch 4K panel), so their
/// defaults are millimetres, converted at the touchscreen's monitor's density.
///
/// Figures they come from:
/// - UIKit: `UILongPressGestureRecognizer.allowableMovement` defaults to 10 points;
///   a point is 1/163 inch on iPhone, so 1.56 mm. UIKit's pans begin after about the
///   same movement.
/// - Android (`android.view.ViewConfiguration`): TOUCH_SLOP 8 dp, where a touch stops
///   being a tap and starts scrolling (1 dp = 1/160 inch, so 1.27 mm); EDGE_SLOP
///   12 dp (1.9 mm); PAGING_TOUCH_SLOP 16 dp (2.5 mm).
/// - Apple's and Material's minimum touch targets, 44 pt (6.9 mm) and 48 dp (7.6 mm):
///   the edge band is a target a finger must land in.
extension SettingKey {
    /// The default in millimetres; nil for keys whose default is not a length on screen.
    public var defaultMillimeters: Double? {
        switch self {
        // UIKit's 10 pt, between Android's touch slop and its paging slop.
        case .tapMovement, .longPressMovement: return 1.6
        // A pan and an edge pan begin where a tap ends.
        case .panDistance, .edgeDistance: return 1.6
        // Half of the smaller minimum touch target (44 pt, 6.9 mm): a thumb finds the
        // band without it reaching into the content.
        case .edgeThickness: return 3.5
        // No platform publishes these: the distances xgest's swipes were tuned with at
        // 96 dpi (30 px and 80 px), kept as lengths.
        case .swipeDistance: return 8
        case .swipeFastDistance: return 21
        case .tapInterval, .tapDuration, .longPressDuration, .fingerLandingWindow, .swipeSpeed, .swipeFastSpeed,
            .swipeAngle, .swipeFastAngle, .swipeDuration, .pinchThreshold, .rotateAngle, .touchpadSwipeDistance,
            .touchpadPinchThreshold, .touchpadRotateAngle, .strokeDistance, .strokeThreshold, .strokeMinLength,
            .strokeMaxDuration, .repeatDistance, .touchpadRepeatDistance, .repeatScale, .repeatAngle:
            return nil
        }
    }
}
