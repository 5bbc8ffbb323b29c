#!/usr/bin/python3
"""A Qt 5 application that prints what it makes of touchscreen input, for xgest's tests.

Usage: qt5_touch_probe.py X Y WIDTH HEIGHT

Opens a window of WM_CLASS ("qt5-touch-probe", "Qt5-touch-probe") at X,Y: a button on
top, a list below it (scrolled by touch with QScroller), and a zoom area at the bottom.
Prints, one line each, flushed at once:
    ready X Y WIDTH HEIGHT            the window is shown there (root coordinates)
    area NAME X Y WIDTH HEIGHT        where a part is: button, list, zoom (root)
    input touch-PHASE                 a touch event reached the application (begin,
                                      update, end; once per widget it is offered to)
    touch PHASE N                     a touch event of the zoom area, N points down
    clicked                           the button was clicked
    scrolled VALUE                    the list scrolled to VALUE
    zoom SCALE                        QPinchGesture's total scale factor changed
    long-press                        QTapAndHoldGesture fired
    motion X Y                        pointer motion (root coordinates), to sync on
    button press|release NAME         a mouse button (left, right, middle) pressed or
                                      let go of in the zoom area, as its widget gets it
It quits on SIGTERM or when its standard input closes.
"""

import signal
import sys

from PyQt5.QtCore import QEvent, QObject, QSocketNotifier, Qt, QTimer
from PyQt5.QtWidgets import (
    QApplication,
    QListWidget,
    QPushButton,
    QScroller,
    QVBoxLayout,
    QWidget,
)


def say(line):
    print(line, flush=True)


BUTTON_EVENTS = {QEvent.MouseButtonPress: "press", QEvent.MouseButtonRelease: "release"}
BUTTON_NAMES = {Qt.LeftButton: "left", Qt.RightButton: "right", Qt.MiddleButton: "middle"}


class ZoomArea(QWidget):
    def __init__(self):
        super().__init__()
        self.setAttribute(Qt.WA_AcceptTouchEvents)
        self.grabGesture(Qt.PinchGesture)
        self.grabGesture(Qt.TapAndHoldGesture)
        self.setMinimumHeight(300)

    def event(self, event):
        t = event.type()
        if t in (QEvent.TouchBegin, QEvent.TouchUpdate, QEvent.TouchEnd):
            down = [p for p in event.touchPoints() if p.state() != Qt.TouchPointReleased]
            if t == QEvent.TouchBegin:
                say(f"touch begin {len(down)}")
            elif t == QEvent.TouchEnd:
                say(f"touch end {len(down)}")
            else:
                say(f"touch update {len(down)}")
            event.accept()
            return True
        if t in BUTTON_EVENTS:
            say(f"button {BUTTON_EVENTS[t]} {BUTTON_NAMES.get(event.button(), int(event.button()))}")
        if t == QEvent.Gesture:
            pinch = event.gesture(Qt.PinchGesture)
            if pinch is not None:
                say(f"zoom {pinch.totalScaleFactor():.3f}")
                event.accept(pinch)
            hold = event.gesture(Qt.TapAndHoldGesture)
            if hold is not None and hold.state() == Qt.GestureStarted:
                say("long-press")
                event.accept(hold)
            return True
        return super().event(event)


RAW_TOUCH = {
    QEvent.TouchBegin: "touch-begin",
    QEvent.TouchUpdate: "touch-update",
    QEvent.TouchEnd: "touch-end",
}


class MotionPrinter(QObject):
    def eventFilter(self, _obj, event):
        phase = RAW_TOUCH.get(event.type())
        if phase is not None:
            say(f"input {phase}")
        if event.type() == QEvent.MouseMove:
            p = event.globalPos()
            say(f"motion {p.x()} {p.y()}")
        return False


def main():
    x, y, width, height = (int(a) for a in sys.argv[1:5])
    app = QApplication(["qt5-touch-probe"])
    app.setApplicationName("qt5-touch-probe")
    window = QWidget()
    window.setWindowTitle("qt5 touch probe")
    window.setWindowFlags(Qt.FramelessWindowHint)
    layout = QVBoxLayout(window)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(0)
    button = QPushButton("press me")
    button.setFixedHeight(100)
    button.clicked.connect(lambda: say("clicked"))
    layout.addWidget(button)
    rows = QListWidget()
    rows.setFixedHeight(300)
    rows.addItems([f"row {i}" for i in range(200)])
    rows.setVerticalScrollMode(QListWidget.ScrollPerPixel)
    QScroller.grabGesture(rows.viewport(), QScroller.TouchGesture)
    rows.verticalScrollBar().valueChanged.connect(lambda v: say(f"scrolled {v}"))
    layout.addWidget(rows)
    zoom = ZoomArea()
    layout.addWidget(zoom)
    window.setGeometry(x, y, width, height)

    def report():
        g = window.geometry()
        say(f"ready {g.x()} {g.y()} {g.width()} {g.height()}")
        for name, w in (("button", button), ("list", rows), ("zoom", zoom)):
            p = w.mapToGlobal(w.rect().topLeft())
            say(f"area {name} {p.x()} {p.y()} {w.width()} {w.height()}")

    for w in (window, button, rows, rows.viewport(), zoom):
        w.setMouseTracking(True)
    printer = MotionPrinter()
    app.installEventFilter(printer)
    window.show()
    QTimer.singleShot(0, report)
    signal.signal(signal.SIGTERM, lambda *_: app.quit())
    notifier = QSocketNotifier(sys.stdin.fileno(), QSocketNotifier.Read)
    notifier.activated.connect(lambda _fd: app.quit())
    # Python handles SIGTERM only while it runs: wake it now and then.
    timer = QTimer()
    timer.start(200)
    timer.timeout.connect(lambda: None)
    sys.exit(app.exec_())


if __name__ == "__main__":
    main()
