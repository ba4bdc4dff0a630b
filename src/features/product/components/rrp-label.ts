/** The name of the RRP explainer's button, the same on the light button and the popover's trigger. */
export const RRP_LABEL = 'What is the RRP?';
