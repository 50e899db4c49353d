/* Ruwa's Paystack sandbox popup. Speaks both PaystackPop interfaces:
 *   v1: PaystackPop.setup({ key, email, amount, ref, currency, metadata, callback, onClose }).openIframe()
 *   v2: new PaystackPop().newTransaction({ key, email, amount, reference, currency, metadata, onSuccess, onCancel })
 * and opens a small test checkout: pay with the test card, decline, or close. */
(function () {
  'use strict';
  var script = document.currentScript;
  var base = script && script.src ? script.src.replace(/\/inline\.js(\?.*)?$/, '') : '/sandbox/paystack';

  function naira(kobo) {
    return (
      'NGN ' + (Number(kobo) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    );
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      if (name === 'style') node.style.cssText = attrs[name];
      else if (name === 'text') node.textContent = attrs[name];
      else node.setAttribute(name, attrs[name]);
    });
    (children || []).forEach(function (child) {
      node.appendChild(child);
    });
    return node;
  }

  function open(options, done) {
    var reference =
      options.reference || options.ref || 'sbx_' + Date.now() + '_' + Math.random().toString(36).slice(2, 10);
    var previousFocus = document.activeElement;
    var status = el('p', {
      role: 'status',
      'aria-live': 'polite',
      style: 'min-height:1.4em;margin:8px 0;color:#b91c1c;font-size:14px',
    });
    var payButton = el('button', {
      type: 'button',
      style:
        'width:100%;padding:12px;border:0;border-radius:8px;background:#0ba4db;color:#fff;font-size:16px;font-weight:600;cursor:pointer',
      text: 'Pay ' + naira(options.amount),
    });
    var declineButton = el('button', {
      type: 'button',
      style:
        'width:100%;margin-top:8px;padding:10px;border:1px solid #cbd5e1;border-radius:8px;background:#fff;color:#0f172a;font-size:15px;cursor:pointer',
      text: 'Decline',
    });
    var closeButton = el('button', {
      type: 'button',
      'aria-label': 'Close checkout',
      style:
        'position:absolute;top:8px;right:10px;border:0;background:transparent;font-size:24px;line-height:1;cursor:pointer;color:#475569',
      text: '\u00d7',
    });
    var title = el('h2', {
      id: 'ruwa-sandbox-checkout-title',
      style: 'margin:0 0 4px;font-size:18px',
      text: 'Test checkout',
    });
    var dialog = el(
      'div',
      {
        role: 'dialog',
        'aria-modal': 'true',
        'aria-labelledby': title.id,
        style:
          'position:relative;width:min(92vw,360px);background:#fff;border-radius:12px;padding:20px;font-family:system-ui,sans-serif;color:#0f172a;box-shadow:0 10px 40px rgba(0,0,0,.3)',
      },
      [
        closeButton,
        title,
        el('p', { style: 'margin:0;color:#475569;font-size:14px', text: options.email || '' }),
        el('p', { style: 'margin:12px 0 4px;font-size:24px;font-weight:700', text: naira(options.amount) }),
        el('p', {
          style: 'margin:0 0 12px;color:#475569;font-size:13px',
          text: 'Sandbox: no real money moves. Test card 4084 0840 8408 4081, any future expiry, CVV 408.',
        }),
        payButton,
        declineButton,
        status,
      ],
    );
    var overlay = el(
      'div',
      {
        'data-testid': 'paystack-sandbox',
        style:
          'position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;background:rgba(15,23,42,.6)',
      },
      [dialog],
    );
    var finished = false;

    function closeOverlay() {
      if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
      document.removeEventListener('keydown', onKey, true);
      if (previousFocus && previousFocus.focus) previousFocus.focus();
    }
    function onKey(event) {
      if (event.key === 'Escape') cancel();
    }
    function cancel() {
      if (finished) return;
      finished = true;
      closeOverlay();
      done('cancel');
    }
    function charge(outcome) {
      payButton.disabled = declineButton.disabled = true;
      status.style.color = '#475569';
      status.textContent = 'Processing\u2026';
      fetch(base + '/checkout/charge', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          key: options.key,
          reference: reference,
          email: options.email,
          amount: options.amount,
          currency: options.currency || 'NGN',
          metadata: options.metadata,
          outcome: outcome,
        }),
      })
        .then(function (res) {
          return res.json();
        })
        .then(function (body) {
          if (body && body.status && body.data && body.data.status === 'success') {
            finished = true;
            closeOverlay();
            done('success', {
              reference: reference,
              trans: reference,
              transaction: reference,
              status: 'success',
              message: 'Approved',
              trxref: reference,
            });
          } else {
            status.style.color = '#b91c1c';
            status.textContent =
              outcome === 'failed'
                ? 'Your card was declined. Try again or close.'
                : (body && body.message) || 'The payment did not go through.';
            payButton.disabled = declineButton.disabled = false;
          }
        })
        .catch(function () {
          status.style.color = '#b91c1c';
          status.textContent = 'Could not reach the checkout. Try again.';
          payButton.disabled = declineButton.disabled = false;
        });
    }

    payButton.addEventListener('click', function () {
      charge('success');
    });
    declineButton.addEventListener('click', function () {
      charge('failed');
    });
    closeButton.addEventListener('click', cancel);
    document.addEventListener('keydown', onKey, true);
    document.body.appendChild(overlay);
    payButton.focus();
  }

  function PaystackPop() {}
  PaystackPop.prototype.newTransaction = function (options) {
    open(options, function (result, response) {
      if (result === 'success' && options.onSuccess) options.onSuccess(response);
      if (result === 'cancel' && options.onCancel) options.onCancel();
    });
  };
  PaystackPop.setup = function (options) {
    return {
      openIframe: function () {
        open(options, function (result, response) {
          if (result === 'success' && options.callback) options.callback(response);
          if (result === 'cancel' && options.onClose) options.onClose();
        });
      },
    };
  };
  window.PaystackPop = PaystackPop;
})();
