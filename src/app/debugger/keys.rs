//! The timeline and debugger keys.

use winit::keyboard::KeyCode;

use super::Debugger;
use crate::sim::TimelineCommand;
use crate::ui::debugger::DebugCommand;

/// What a debugger key asks for.
#[derive(Debug, Clone, PartialEq)]
pub(in crate::app) enum DebugKey {
    Command(DebugCommand),
    /// Frame the selection with a short camera move (Z).
    FrameSelection,
}

impl Debugger {
    /// The debugger's meaning of `code` (with Ctrl held: `ctrl`) on a timeline that is
    /// `paused`; `None` when the key is not the debugger's.
    pub fn key(&self, code: KeyCode, ctrl: bool, paused: bool) -> Option<DebugKey> {
        let cmd = |c| Some(DebugKey::Command(c));
        match code {
            KeyCode::KeyS if ctrl => cmd(DebugCommand::SaveRecording),
            KeyCode::KeyL if ctrl => cmd(DebugCommand::LoadRecording),
            KeyCode::KeyE if ctrl => cmd(DebugCommand::ExportFrame),
            _ if ctrl => None,
            KeyCode::F1 => cmd(DebugCommand::ToggleHelp),
            KeyCode::KeyM => cmd(DebugCommand::SetMinkowski(!self.minkowski)),
            KeyCode::KeyZ => Some(DebugKey::FrameSelection),
            _ => timeline_key(code, paused).map(|c| DebugKey::Command(DebugCommand::Timeline(c))),
        }
    }
}

/// The timeline's keys; the arrows and R only while `paused`.
fn timeline_key(code: KeyCode, paused: bool) -> Option<TimelineCommand> {
    Some(match code {
        KeyCode::KeyP | KeyCode::Pause if paused => TimelineCommand::Resume,
        KeyCode::KeyP | KeyCode::Pause => TimelineCommand::Pause,
        KeyCode::Comma => TimelineCommand::StepFrame(-1),
        KeyCode::Period => TimelineCommand::StepFrame(1),
        KeyCode::ArrowLeft if paused => TimelineCommand::StepFrame(-1),
        KeyCode::ArrowRight if paused => TimelineCommand::StepFrame(1),
        KeyCode::BracketLeft => TimelineCommand::StepIteration(-1),
        KeyCode::BracketRight => TimelineCommand::StepIteration(1),
        KeyCode::ArrowDown if paused => TimelineCommand::StepIteration(-1),
        KeyCode::ArrowUp if paused => TimelineCommand::StepIteration(1),
        KeyCode::PageUp => TimelineCommand::PrevMarker,
        KeyCode::PageDown => TimelineCommand::NextMarker,
        KeyCode::Home => TimelineCommand::Home,
        KeyCode::End => TimelineCommand::End,
        KeyCode::KeyR if paused => TimelineCommand::ResumeFromCursor,
        _ => return None,
    })
}
