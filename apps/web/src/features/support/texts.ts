/**
 * Every text the support screens show customers, kept together so they can move into the message
 * catalogs as they are.
 */
export const SUPPORT_TEXTS = {
  helpTitle: 'Help',
  contactHeading: 'Talk to us',
  contactIntro: 'Call, WhatsApp or e-mail us. Have your order or transaction reference ready.',
  call: 'Call',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
  noContacts:
    'Our support contacts are not available yet. Use "Report a problem" on any order or purchase and we will reply here.',
  contactsFailed: 'We could not load our contacts.',
  casesHeading: 'Your reports',
  casesEmpty: 'You have not reported a problem. Open an order or purchase and choose "Report a problem".',
  casesFailed: 'We could not load your reports.',
  loadingCases: 'Loading your reports',
  loadingContacts: 'Loading our contacts',
  tryAgain: 'Try again',
  caseTitle: (id: number, reference: string) => `Case #${id} · ${reference}`,
  you: 'You',
  ruwa: 'Ruwa support',
  reportButton: 'Report a problem',
  reportHeading: (reference: string) => `Report a problem with ${reference}`,
  messageLabel: 'What went wrong?',
  messageHint: 'At least 10 characters. We reply in the app and by e-mail.',
  send: 'Send',
  cancel: 'Cancel',
  sent: (id: number) => `Thank you. We have your report: case #${id}. We will reply in the app and by e-mail.`,
  seeReports: 'See your reports',
  sendFailed: 'We could not send your report.',
  answerLabel: 'Your answer',
  answerHint: 'We asked you something: answer here and the case is open again.',
  answerSend: 'Send answer',
  answerEmpty: 'Write your answer first.',
} as const;
