/** Distinct success and failure sounds, made on the fly (no audio files). */
export interface SoundPlayer {
  play(kind: 'success' | 'failure'): void;
}

export function createWebAudioPlayer(isMuted: () => boolean): SoundPlayer {
  let context: AudioContext | null = null;
  return {
    play(kind) {
      if (isMuted() || typeof AudioContext === 'undefined') return;
      context ??= new AudioContext();
      const notes = kind === 'success' ? [880, 1320] : [220, 180];
      notes.forEach((frequency, i) => {
        const ctx = context as AudioContext;
        const oscillator = ctx.createOscillator();
        const gain = ctx.createGain();
        oscillator.type = kind === 'success' ? 'sine' : 'square';
        oscillator.frequency.value = frequency;
        const start = ctx.currentTime + i * 0.12;
        gain.gain.setValueAtTime(0.2, start);
        gain.gain.exponentialRampToValueAtTime(0.001, start + 0.11);
        oscillator.connect(gain).connect(ctx.destination);
        oscillator.start(start);
        oscillator.stop(start + 0.12);
      });
    },
  };
}
