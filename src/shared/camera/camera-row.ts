import styles from './camera-slot.module.css';

/** A row for a field and its camera button (camera-slot.tsx): the field first, taking the room left. */
export const withCameraClass = styles.row;
