type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

/**
 * A short two-tone chime made with WebAudio: nothing to download. Browsers only let a page play
 * sound after the person has interacted with it; before that this stays silent.
 */
export function beep(): void {
  const Context =
    globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Context) return;
  try {
    context ??= new Context();
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime;
    const gain = context.createGain();
    gain.connect(context.destination);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.3, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.45);
    [880, 1320].forEach((frequency, index) => {
      const tone = context!.createOscillator();
      tone.type = 'sine';
      tone.frequency.setValueAtTime(frequency, start + index * 0.15);
      tone.connect(gain);
      tone.start(start + index * 0.15);
      tone.stop(start + index * 0.15 + 0.25);
    });
  } catch {
    // No sound is better than a broken screen.
  }
}
