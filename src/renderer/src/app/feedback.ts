export type SoundKind = 'success' | 'warning' | 'failure';

/**
 * Distinct success, warning and failure sounds, made on the fly (no audio files). A packer hears
 * a verdict without looking: rising for ok, two level mid tones for a warning, falling and harsh
 * for a mistake.
 */
export interface SoundPlayer {
  play(kind: SoundKind): void;
}

const NOTES: Record<SoundKind, { frequencies: number[]; wave: OscillatorType }> = {
  success: { frequencies: [880, 1320], wave: 'sine' },
  warning: { frequencies: [660, 660, 660], wave: 'triangle' },
  failure: { frequencies: [220, 180], wave: 'square' },
};

export function createWebAudioPlayer(isMuted: () => boolean): SoundPlayer {
  let context: AudioContext | null = null;
  return {
    play(kind) {
      if (isMuted() || typeof AudioContext === 'undefined') return;
      context ??= new AudioContext();
      const { frequencies, wave } = NOTES[kind];
      frequencies.forEach((frequency, i) => {
        const ctx = context as AudioContext;
        const oscillator = ctx.createOscillator();
        const gain = ctx.createGain();
        oscillator.type = wave;
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
