
(function () {
  var form = document.getElementById('filters'), items = document.querySelectorAll('details.item');
  var count = document.getElementById('shown'), texts = null;
  function apply() {
    var want = {}, query = form.elements.q.value.trim().toLowerCase(), shown = 0;
    ['task', 'category', 'level', 'strategy', 'outcome'].forEach(function (k) { want[k] = form.elements[k].value; });
    if (query && texts === null) { texts = Array.prototype.map.call(items, function (el) { return el.textContent.toLowerCase(); }); }
    for (var i = 0; i < items.length; i++) {
      var el = items[i], ok = true;
      for (var k in want) { if (want[k] && el.dataset[k] !== want[k]) { ok = false; break; } }
      if (ok && query) { ok = texts[i].indexOf(query) !== -1; }
      el.hidden = !ok; if (ok) { shown++; }
    }
    count.textContent = shown + ' of ' + items.length + ' items shown';
  }
  form.addEventListener('input', apply); form.addEventListener('submit', function (e) { e.preventDefault(); apply(); });
  apply();
})();

